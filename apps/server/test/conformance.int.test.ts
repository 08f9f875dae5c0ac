import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { specCalls, type SpecCall } from './conformance/spec-calls';
import { buildConformanceWorld, type ConformanceWorld } from './conformance/world';

// A client written against the spec by someone else: every call of spec 1 section 7 and spec 2 section 7, with
// the method and path exactly as written, must reach a route and answer its documented keys. Calls of features
// still being built are `pending` in spec-calls.ts; this test fails when one of them starts answering, so the
// list of what is left stays true.

let server: TestServer;
let world: ConformanceWorld;
beforeAll(async () => {
  server = await startTestServer();
  world = await buildConformanceWorld(server);
});
afterAll(() => server.close());

const MIME: Record<string, string> = { pdf: 'application/pdf', png: 'image/png', csv: 'text/csv' };
/** The smallest files of each kind the calls upload. */
const CONTENT: Record<string, Uint8Array> = {
  pdf: new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
  png: Uint8Array.from(
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    ),
  ),
  csv: new TextEncoder().encode('name;number\nAna;5511955550001\n'),
};

/** `{name}` placeholders replaced by the world's values, `$name` by saved row ids. */
async function fill(text: string): Promise<string> {
  let out = text;
  for (const [placeholder, name = ''] of text.matchAll(/\{(\w+)\}/g)) {
    out = out.replace(placeholder, encodeURIComponent(await world.value(name)));
  }
  return out;
}

/** A body as a real client sends it: a placeholder that stands alone becomes a number when it is one. */
async function fillBody(value: unknown): Promise<unknown> {
  if (typeof value === 'string') {
    const saved = /^\$(\w+)$/.exec(value);
    if (saved) return world.saved.get(saved[1] ?? '');
    const whole = /^\{(\w+)\}$/.exec(value);
    if (whole) {
      const filled = await world.value(whole[1] ?? '');
      return /^\d+$/.test(filled) ? Number(filled) : filled;
    }
    return value;
  }
  if (Array.isArray(value)) return Promise.all(value.map(fillBody));
  if (value && typeof value === 'object') {
    const entries = await Promise.all(Object.entries(value).map(async ([k, v]) => [k, await fillBody(v)]));
    return Object.fromEntries(entries);
  }
  return value;
}

async function multipart(spec: NonNullable<SpecCall['multipart']>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(spec.fields)) form.append(key, await fill(value));
  for (const [field, name] of Object.entries(spec.files ?? {})) {
    const ext = name.split('.').pop() ?? '';
    form.append(
      field,
      new Blob([CONTENT[ext] ?? new Uint8Array([65])], { type: MIME[ext] ?? 'text/plain' }),
      name,
    );
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  };
}

async function send(spec: SpecCall) {
  const [method = '', rawPath = ''] = spec.call.split(' ');
  const pathWithId = spec.id ? rawPath.replace('{id}', String(world.saved.get(spec.id))) : rawPath;
  const url = await fill(pathWithId);
  const bearer = world.bearer(spec.as ?? 'admin');
  const headers: Record<string, string> = bearer ? { authorization: `Bearer ${bearer}` } : {};
  if (spec.refreshCookie) headers.cookie = `jrt=${world.refreshCookie}`;
  let payload: string | Buffer | undefined;
  if (spec.multipart) {
    const built = await multipart(spec.multipart);
    payload = built.payload;
    headers['content-type'] = built.contentType;
  } else if (spec.body !== undefined) {
    payload = JSON.stringify(await fillBody(spec.body));
    headers['content-type'] = 'application/json';
  }
  const response = await server.app.inject({
    method: method as 'GET',
    url,
    headers,
    ...(payload === undefined ? {} : { payload }),
  });
  let body: unknown = response.body;
  try {
    body = response.json();
  } catch {
    // not JSON
  }
  return { url, status: response.statusCode, body };
}

/** Fastify's answer for a path no route has: the one thing a spec call must never get. */
const routeMissing = (answer: { status: number; body: unknown }) =>
  answer.status === 404 &&
  typeof answer.body === 'object' &&
  answer.body !== null &&
  String((answer.body as { message?: unknown }).message).startsWith('No route');

describe('the spec call list (spec 1 and 2, section 7)', () => {
  for (const spec of specCalls) {
    const title = `${spec.pending ? 'pending: ' : ''}${spec.call} (${spec.section}${spec.as ? `, as ${spec.as}` : ''})`;
    it(title, async () => {
      const answer = await send(spec);
      if (spec.pending) {
        expect(
          routeMissing(answer),
          `${spec.call} is marked pending in test/conformance/spec-calls.ts but answers ${answer.status}: ` +
            'its route has landed, delete `pending: true` from the row so it checks the answer.',
        ).toBe(true);
        return;
      }
      expect(routeMissing(answer), `${spec.call} → no route for ${answer.url}`).toBe(false);
      expect([answer.status, answer.body], answer.url).toEqual([spec.status ?? 200, expect.anything()]);
      if (spec.answer === 'array') expect(Array.isArray(answer.body), answer.url).toBe(true);
      else if (spec.answer)
        expect(Object.keys(answer.body as object)).toEqual(expect.arrayContaining([...spec.answer]));
      if (spec.save) {
        const id = (answer.body as Record<string, unknown>)[spec.saveKey ?? 'id'];
        expect(typeof id, `${spec.call} answers no ${spec.saveKey ?? 'id'}`).toBe('number');
        world.saved.set(spec.save, id as number);
      }
    });
  }

  it('keeps a row for every call, none twice in a section', () => {
    const keys = specCalls.map(
      (s) => `${s.section} ${s.call} ${JSON.stringify(s.body ?? s.multipart ?? null)}`,
    );
    expect(new Set(keys).size).toBe(keys.length);
    expect(specCalls.length).toBeGreaterThan(150);
  });
});
