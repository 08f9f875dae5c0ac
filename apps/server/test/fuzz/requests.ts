import { z } from 'zod';
import { MAX_DB_INT, numericText, type RouteDef } from '@zapdesk/contracts';
import type { SeededRandom } from './random';
import { deepJsonText, malformedJsonTexts, oddPathSegments, oddStrings, oddValue } from './values';

/** One request for `app.inject`, before the caller's credentials are added. */
export interface FuzzRequest {
  method: RouteDef['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What this request tries, for the failure message. */
  kind: string;
}

/** Real values for path parameters (by name), so some requests get past the lookups into the handlers. */
export type ParamPool = Record<string, readonly string[]>;

/** Depth of the deeply nested bodies the probe found answered with 500. */
export const DEEP_NESTING = 5_000;

/** The top-level field names a route's body or query schema reads, from its JSON Schema. */
export function schemaKeys(schema: z.ZodType | undefined): { keys: string[]; array: boolean } {
  if (!schema) return { keys: [], array: false };
  try {
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
      type?: string;
      properties?: Record<string, unknown>;
    };
    return { keys: Object.keys(json.properties ?? {}), array: json.type === 'array' };
  } catch {
    return { keys: [], array: false };
  }
}

function fillPath(route: RouteDef, random: SeededRandom, pool: ParamPool, real: boolean): string {
  return route.path.replace(/:(\w+)\??/g, (_, name: string) => {
    const known = pool[name] ?? pool.id ?? [];
    if (real && known.length > 0) return random.pick(known);
    return random.pick(oddPathSegments);
  });
}

/** A query string: the route's own keys (and a stray one) with odd values, sometimes repeated into arrays. */
function oddQuery(route: RouteDef, random: SeededRandom): string {
  const keys = [...schemaKeys(route.query).keys, 'extra'];
  const parts: string[] = [];
  for (const key of keys) {
    if (random.chance(0.4)) continue;
    const times = random.chance(0.2) ? 2 : 1;
    for (let i = 0; i < times; i += 1) {
      const value = random.pick(oddStrings).replace(/[\ud800-\udfff]/g, '');
      const name = random.chance(0.1) ? `${key}[]` : key;
      parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
    }
  }
  if (random.chance(0.1)) parts.push('%ZZ=%E0%A4%A', 'a[b][c][d]=1');
  return parts.length ? `?${parts.join('&')}` : '';
}

/**
 * The value with every id that could be a real row's replaced by an impossible one. A super user's calls reach
 * every company, and the database is shared with other test files: their rows are not this test's to change.
 */
export function withoutRealIds(value: unknown): unknown {
  const n = numericText(value);
  if (typeof n === 'number' && Number.isInteger(n) && n > 0 && n <= MAX_DB_INT) {
    return typeof value === 'string' ? '-7' : -7;
  }
  if (Array.isArray(value)) return value.map(withoutRealIds);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutRealIds(v)]));
  }
  return value;
}

/** A JSON body with the route's fields, each left out, wrong or odd, plus fields the route does not know. */
function oddBody(route: RouteDef, random: SeededRandom): unknown {
  const { keys, array } = schemaKeys(route.body);
  if (array && random.chance(0.6)) {
    return Array.from({ length: random.int(0, 4) }, () =>
      random.chance(0.7) ? { name: oddValue(random), number: oddValue(random) } : oddValue(random),
    );
  }
  if (random.chance(0.08)) return oddValue(random);
  const body: Record<string, unknown> = {};
  for (const key of keys) if (random.chance(0.7)) body[key] = oddValue(random);
  if (random.chance(0.5))
    body[random.pick(['extra', 'id', 'companyId', 'super', 'profile'])] = oddValue(random);
  return body;
}

/** Well-formed multipart bodies of odd fields and files, each broken another way: cut off, or a lying boundary. */
async function brokenMultiparts(route: RouteDef, random: SeededRandom) {
  const form = new FormData();
  for (const key of schemaKeys(route.body).keys) form.append(key, random.pick(oddStrings));
  for (const field of ['file', 'medias', 'fileId', 'typeArch']) {
    const bytes = new Uint8Array(random.int(10, 4_000)).fill(65);
    form.append(field, new Blob([bytes], { type: 'text/html' }), 'a.html');
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const whole = Buffer.from(await request.arrayBuffer());
  const contentType = request.headers.get('content-type') ?? '';
  return [
    {
      kind: 'truncated multipart',
      contentType,
      payload: whole.subarray(0, random.int(100, whole.length - 1)),
    },
    { kind: 'multipart cut in a part header', contentType, payload: whole.subarray(0, random.int(2, 60)) },
    { kind: 'multipart without boundary', contentType: 'multipart/form-data', payload: whole },
    {
      kind: 'multipart with another boundary',
      contentType: 'multipart/form-data; boundary=nope',
      payload: whole,
    },
    {
      kind: 'multipart with an overlong boundary',
      contentType: `multipart/form-data; boundary=${'b'.repeat(300)}`,
      payload: whole,
    },
  ];
}

/**
 * The requests tried on one route: the fixed probes (5,000-level JSON, broken multipart, malformed JSON) and
 * `randomCount` random ones (odd path parameters, query values and bodies).
 */
export async function requestsFor(
  route: RouteDef,
  random: SeededRandom,
  pool: ParamPool,
  randomCount: number,
): Promise<FuzzRequest[]> {
  const json = { 'content-type': 'application/json' };
  const path = () => fillPath(route, random, pool, random.chance(0.6));
  const requests: FuzzRequest[] = (['objects', 'arrays', 'top-level arrays'] as const).map((shape) => ({
    kind: `JSON ${shape} nested ${DEEP_NESTING} levels`,
    method: route.method,
    url: path(),
    headers: json,
    payload: deepJsonText(DEEP_NESTING, shape),
  }));
  requests.push(
    {
      kind: 'malformed JSON',
      method: route.method,
      url: path(),
      headers: json,
      payload: random.pick(malformedJsonTexts),
    },
    {
      kind: 'text that says it is JSON',
      method: route.method,
      url: path(),
      headers: { 'content-type': 'text/plain' },
      payload: random.pick(oddStrings),
    },
  );
  for (const multipart of await brokenMultiparts(route, random)) {
    requests.push({
      kind: multipart.kind,
      method: route.method,
      url: path(),
      headers: { 'content-type': multipart.contentType },
      payload: multipart.payload,
    });
  }
  for (let i = 0; i < randomCount; i += 1) {
    const odd = route.method === 'GET' || route.method === 'DELETE' ? undefined : oddBody(route, random);
    const body = route.auth === 'super' ? withoutRealIds(odd) : odd;
    requests.push({
      kind: 'odd parameters, query and body',
      method: route.method,
      url: `${path()}${oddQuery(route, random)}`,
      headers: body === undefined ? {} : json,
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  }
  return requests;
}
