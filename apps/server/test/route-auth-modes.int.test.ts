import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type AuthMode } from '@zapdesk/contracts';
import { boundRoutes } from '../src/platform/http/route-binder';
import { startTestServer, type TestServer } from './harness';

/**
 * The only routes the specs make public. A new public route fails this test on purpose: it has to be
 * added here, where review sees it.
 */
const allowedPublicRoutes = new Set([
  'POST /auth/login',
  'POST /auth/refresh_token',
  'GET /version',
  'POST /companies/cadastro',
  'GET /plans/list',
  'GET /plans/all',
  'POST /forgetpassword/:email',
  'POST /resetpasswords',
  'POST /resetpasswords/:email/:token/:newPassword',
]);

/**
 * Routes without a login whose caller proves itself otherwise (a provider's signature or verify token).
 * Same rule as above: a new one fails this test until it is listed here.
 */
const allowedWebhookRoutes = new Set([
  'GET /webhooks/cloud/:connectionId',
  'POST /webhooks/cloud/:connectionId',
  // The Pix provider's notification: each charge is read back from the provider before anything changes.
  'POST /subscription/webhook/:type?',
]);

const authModes: readonly AuthMode[] = ['public', 'user', 'admin', 'super', 'apiToken', 'webhook'];

/** Fastify routes that are not API routes: API docs, uploaded files, CORS preflight. */
const infrastructure = [/^\/docs(\/|$)/, /^\/public\//, /^\*$/];

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const key = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

function bound(): Array<{ key: string; auth: AuthMode }> {
  const seen = new Map(boundRoutes.map((r) => [key(r), r.auth]));
  return [...seen].map(([routeKey, auth]) => ({ key: routeKey, auth }));
}

/** Every method and full path Fastify knows, read from its route tree (`printRoutes`). */
function fastifyRoutes(): string[] {
  const stack: string[] = [];
  const found: string[] = [];
  for (const line of server.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)[├└]── (.+) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const [, indent = '', segment = '', methods = ''] = match;
    const depth = indent.length / 4;
    stack.length = depth;
    stack.push(segment);
    for (const method of methods.split(', ')) found.push(`${method} ${stack.join('')}`);
  }
  return found;
}

/**
 * Fastify merges parameters at the same place under one node (`/messages/:ticketId|:id` for
 * `GET /messages/:ticketId` and `DELETE /messages/:id`): expand such a path into each spelling.
 */
function pathSpellings(path: string): string[] {
  const match = /:(\w+)((?:\|:\w+)+)/.exec(path);
  if (!match) return [path];
  const names = match[0].split('|');
  return names.flatMap((name) => pathSpellings(path.replace(match[0], name)));
}

describe('route auth modes', () => {
  it('lists every bound route with its auth mode', () => {
    const listing = bound();
    expect(listing.length).toBeGreaterThan(20);
    expect(listing).toContainEqual({ key: 'GET /users', auth: 'user' });
    expect(listing).toContainEqual({ key: 'POST /users', auth: 'admin' });
    for (const route of listing) expect(authModes, route.key).toContain(route.auth);
  });

  it('binds no public route beyond the ones the specs make public', () => {
    const unexpected = bound()
      .filter((r) => r.auth === 'public' && !allowedPublicRoutes.has(r.key))
      .map((r) => r.key);
    expect(unexpected).toEqual([]);
  });

  it('declares no public route beyond them in the contract route table either', () => {
    const declared = Object.values(routes).flatMap((group) => Object.values(group));
    const unexpected = declared
      .filter((r) => r.auth === 'public' && !allowedPublicRoutes.has(key(r)))
      .map(key);
    expect(unexpected).toEqual([]);
  });

  it('binds no webhook route beyond the listed ones, and binds every listed one as a webhook', () => {
    const webhooks = bound()
      .filter((r) => r.auth === 'webhook')
      .map((r) => r.key);
    expect(webhooks.filter((routeKey) => !allowedWebhookRoutes.has(routeKey))).toEqual([]);
    expect(webhooks).toEqual(expect.arrayContaining([...allowedWebhookRoutes]));
  });

  it('keeps the public routes public: a bound one needing a login would lock users out', () => {
    const wronglyClosed = bound()
      .filter((r) => allowedPublicRoutes.has(r.key) && r.auth !== 'public')
      .map((r) => `${r.key} (${r.auth})`);
    expect(wronglyClosed).toEqual([]);
  });

  it('serves no API route that skips the binder (and so its authentication)', () => {
    // Fastify registers a route whose last parameter is optional (`/x/:type?`) as `/x` and `/x/:type`.
    const boundKeys = new Set(
      bound().flatMap((r) => {
        const optional = /^(.*)\/(:\w+)\?$/.exec(r.key);
        return optional ? [`${optional[1]}`, `${optional[1]}/${optional[2]}`] : [r.key];
      }),
    );
    const registered = fastifyRoutes();
    expect(registered).toContain('GET /users/:id');
    const unbound = registered.filter((routeKey) => {
      const [method = '', path = ''] = routeKey.split(' ');
      if (method === 'HEAD' || infrastructure.some((pattern) => pattern.test(path))) return false;
      return !pathSpellings(path).some((spelling) => boundKeys.has(`${method} ${spelling}`));
    });
    expect(unbound).toEqual([]);
  });
});
