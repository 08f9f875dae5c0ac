import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorCode } from '@zapdesk/contracts';
import { buildAdminSession } from './factories';
import { startTestServer, type TestServer } from './harness';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A company with its admin logged in, as the kit hands it to callbacks. */
export type IsolationSession = Awaited<ReturnType<typeof buildAdminSession>>;

/** What `create` answers: the resource's id, and whatever else the other callbacks need. */
export interface IsolatedResource {
  id: number | string;
}

export interface IsolationRequest<T extends IsolatedResource> {
  method: Method;
  path: string | ((resource: T) => string);
  /** Must be valid input, so the answer is about the resource and not about the body. */
  body?: unknown | ((resource: T) => unknown);
}

export interface IsolationList<T extends IsolatedResource> {
  path: string | ((resource: T) => string);
  /** Whether a list answer holds the resource. Default: an item with its `id` in an array of the answer. */
  contains?: (body: unknown, resource: T) => boolean;
}

export interface TenantIsolationOptions<T extends IsolatedResource> {
  /** Names the resource in test titles, e.g. "user". */
  resource: string;
  /** Creates one resource owned by the given company (through the API or the factories). */
  create: (server: TestServer, owner: IsolationSession) => Promise<T>;
  /** Requests that address company A's resource by id: company B's admin must get 404 for each. */
  byId?: IsolationRequest<T>[];
  /** Expected `error` of those 404 answers (default: any code). */
  notFoundCode?: ErrorCode;
  /** Writes company B makes to its own data (e.g. its own settings); they must succeed without touching A's. */
  ownWrites?: IsolationRequest<T>[];
  /**
   * Company A's view of its resource, compared before and after B's requests. It must answer 200, which also
   * proves the by-id routes exist (an unknown route answers 404 too). Default: GET the first GET of `byId`.
   */
  readAsOwner?: (server: TestServer, owner: IsolationSession, resource: T) => Promise<unknown>;
  /** Lists company B reads: each must answer 200, hold B's own resource and never A's. */
  lists?: IsolationList<T>[];
  /** Use the file's server instead of starting one for this block. */
  server?: () => TestServer;
}

const resolve = <T, V>(value: V | ((resource: T) => V), resource: T): V =>
  typeof value === 'function' ? (value as (resource: T) => V)(resource) : value;

function defaultContains(body: unknown, resource: IsolatedResource): boolean {
  const arrays = Array.isArray(body)
    ? [body]
    : Object.values((body ?? {}) as Record<string, unknown>).filter(Array.isArray);
  return arrays.some((items: unknown[]) =>
    items.some((item) => (item as { id?: unknown } | null)?.id === resource.id),
  );
}

/**
 * Declares a `describe` block proving that company B cannot reach company A's resource: every by-id
 * request answers 404 (never 403: no existence leak), A's resource is unchanged afterwards, and B's lists
 * never show it. Each test builds companies A and B with a logged-in admin. Reuse it in every module:
 *
 *   describeTenantIsolation({ resource: 'queue', create: …, byId: [{ method: 'GET', path: (q) => `/queue/${q.id}` }], lists: [{ path: '/queue' }] });
 */
export function describeTenantIsolation<T extends IsolatedResource>(
  options: TenantIsolationOptions<T>,
): void {
  describe(`tenant isolation of ${options.resource}`, () => {
    let own: TestServer | undefined;
    if (!options.server) {
      beforeAll(async () => {
        own = await startTestServer();
      });
      afterAll(() => own?.close());
    }
    const server = (): TestServer => {
      const found = options.server?.() ?? own;
      if (!found) throw new Error('isolation kit: no server');
      return found;
    };

    const readAsOwner = async (a: IsolationSession, resource: T): Promise<unknown> => {
      if (options.readAsOwner) return options.readAsOwner(server(), a, resource);
      const get = options.byId?.find((r) => r.method === 'GET');
      if (!get) throw new Error(`isolation kit: give readAsOwner for ${options.resource}`);
      const answer = await server().call('GET', resolve(get.path, resource), { token: a.token });
      expect(answer.status, `company A reading its own ${options.resource}`).toBe(200);
      return answer.body;
    };

    if (options.byId?.length || options.ownWrites?.length) {
      const title = options.byId?.length
        ? `answers 404 to another company's admin for every by-id request on a ${options.resource}, which stays unchanged`
        : `keeps a ${options.resource} unchanged when another company writes its own`;
      it(title, async () => {
        const a = await buildAdminSession(server());
        const b = await buildAdminSession(server());
        const resource = await options.create(server(), a);
        const before = await readAsOwner(a, resource);

        for (const request of options.byId ?? []) {
          const path = resolve(request.path, resource);
          const answer = await server().call(request.method, path, {
            token: b.token,
            body: resolve(request.body, resource),
          });
          expect(answer.status, `${request.method} ${path} by company B`).toBe(404);
          if (options.notFoundCode) expect(answer.body.error).toBe(options.notFoundCode);
        }
        for (const request of options.ownWrites ?? []) {
          const path = resolve(request.path, resource);
          const answer = await server().call(request.method, path, {
            token: b.token,
            body: resolve(request.body, resource),
          });
          expect(answer.status, `${request.method} ${path} by company B on its own data`).toBeLessThan(300);
        }

        const after = await readAsOwner(a, resource);
        expect(after, `company A's ${options.resource} after company B's requests`).toEqual(before);
      });
    }

    if (options.lists?.length) {
      it(`never lists a ${options.resource} of another company`, async () => {
        const a = await buildAdminSession(server());
        const b = await buildAdminSession(server());
        const resourceOfA = await options.create(server(), a);
        const resourceOfB = await options.create(server(), b);

        for (const list of options.lists ?? []) {
          const contains = list.contains ?? defaultContains;
          const path = resolve(list.path, resourceOfA);
          const answer = await server().call('GET', path, { token: b.token });
          expect(answer.status, `GET ${path} by company B`).toBe(200);
          expect(
            contains(answer.body, resourceOfA),
            `GET ${path} shows company A's ${options.resource}`,
          ).toBe(false);
          const ownPath = resolve(list.path, resourceOfB);
          const ownAnswer = await server().call('GET', ownPath, { token: b.token });
          expect(
            contains(ownAnswer.body, resourceOfB),
            `GET ${ownPath} shows B's own ${options.resource}`,
          ).toBe(true);
        }
      });
    }
  });
}
