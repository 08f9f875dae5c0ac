import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, settingKeys, type RouteDef } from '@zapdesk/contracts';
import { buildTag, buildTicketRow } from '../src/modules/tickets/tickets.fixtures';
import { buildQueue } from '../src/modules/whatsapps/whatsapps.fixtures';
import { buildAdminSession, buildCompany, buildUser, login } from './factories';
import { startTestServer, type TestServer } from './harness';
import { buildConnection } from './messaging-fixtures';
import { SeededRandom } from './fuzz/random';
import { requestsFor, type FuzzRequest, type ParamPool } from './fuzz/requests';

// Malformed input to every route of the route table, as a logged-in caller and as nobody: wrong types, missing
// and extra fields, huge and deeply nested values, odd unicode, bad ids, broken multipart. Any 5xx fails.
// Seeded: FUZZ_SEED=<n> replays another run; the failure message names the seed and each failing request.

const SEED = Number(process.env.FUZZ_SEED ?? 20261127);
/** Random requests per route and caller, beside the fixed probes. */
const RANDOM_PER_ROUTE = 6;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

interface Callers {
  /** Per auth mode, the bearer that gets past authentication. */
  bearer(route: RouteDef): Promise<string>;
  /** Real values for the route's path parameters: only this test's own rows. */
  pool(route: RouteDef): ParamPool;
}

/** A company with rows of every kind the ids point at, a logged-in admin and super user, and a connection. */
async function buildWorld(): Promise<Callers> {
  const { company, admin, token } = await buildAdminSession(server);
  const superUser = await buildUser(server, company, { profile: 'admin', super: true });
  const other = await buildUser(server, company);
  const connection = await buildConnection(server, company);
  const queue = await buildQueue(server, company.id);
  const tag = await buildTag(server, company.id);
  const ticket = await buildTicketRow(server, company.id, { whatsappId: connection.id, messages: ['hi'] });
  const victim = await buildCompany(server);
  // The id of each resource's own row, by the path's first segment.
  const ownRow: Record<string, number> = {
    tickets: ticket.id,
    messages: ticket.id,
    contacts: ticket.contactId,
    tags: tag.id,
    queue: queue.id,
    whatsapp: connection.id,
    whatsappsession: connection.id,
    simulator: connection.id,
    users: other.id,
    companies: victim.id,
    plans: victim.planId,
  };
  // Routes of other resources (and routes added later) get this company's rows; another company's answer 404.
  const companyRows = [ticket.id, ticket.contactId, tag.id, queue.id, connection.id, other.id];
  const idsFor = (route: RouteDef): number[] => {
    const own = ownRow[route.path.split('/')[1] ?? ''];
    if (own !== undefined) return [own];
    // A super user's route reaches every company: only impossible ids, never another test's rows.
    return route.auth === 'super' ? [] : companyRows;
  };
  const tokens = { admin: token, super: (await login(server, superUser)).token };
  // A route that logs out or changes a password revokes the token: log in again before the next route.
  const fresh = async (kind: 'admin' | 'super') => {
    const me = await server.call('GET', '/auth/me', { token: tokens[kind] });
    if (me.status !== 200) tokens[kind] = (await login(server, kind === 'admin' ? admin : superUser)).token;
    return tokens[kind];
  };
  return {
    pool: (route) => ({
      id: idsFor(route).map(String),
      ticketId: [String(ticket.id)],
      tagId: [String(tag.id)],
      connectionId: [String(connection.id)],
      uuid: [ticket.uuid],
      key: [...settingKeys],
      lang: ['pt', 'en', 'es'],
      email: [other.email],
    }),
    bearer: async (route) =>
      route.auth === 'apiToken' ? connection.token : fresh(route.auth === 'super' ? 'super' : 'admin'),
  };
}

const everyRoute = (): RouteDef[] =>
  Object.values(routes).flatMap((group) => Object.values(group) as RouteDef[]);

interface ServerError {
  route: string;
  caller: string;
  kind: string;
  url: string;
  status: number;
  answer: string;
  payload: string;
}

async function send(request: FuzzRequest, bearer: string | undefined) {
  return server.app.inject({
    method: request.method,
    url: request.url,
    headers: { ...request.headers, ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
}

describe('fuzzing every route of the route table', () => {
  it(
    'answers malformed input without a server error, logged in and anonymously',
    { timeout: 120_000 },
    async () => {
      const world = await buildWorld();
      const random = new SeededRandom(SEED);
      const errors: ServerError[] = [];
      let sent = 0;
      for (const route of everyRoute()) {
        for (const caller of ['authenticated', 'anonymous'] as const) {
          const bearer = caller === 'authenticated' ? await world.bearer(route) : undefined;
          for (const request of await requestsFor(route, random, world.pool(route), RANDOM_PER_ROUTE)) {
            const answer = await send(request, bearer);
            sent += 1;
            if (answer.statusCode < 500) continue;
            errors.push({
              route: `${route.method} ${route.path}`,
              caller,
              kind: request.kind,
              url: request.url.slice(0, 200),
              status: answer.statusCode,
              answer: answer.body.slice(0, 300),
              payload: String(request.payload ?? '').slice(0, 200),
            });
          }
        }
      }
      expect(sent).toBeGreaterThan(everyRoute().length * 2 * RANDOM_PER_ROUTE);
      expect(
        errors,
        `seed ${SEED}: ${errors.length} server errors\n${JSON.stringify(errors, null, 2)}`,
      ).toEqual([]);
    },
  );
});
