import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildAdminSession } from '../../../test/factories';
import { refreshSearchCommonKeys } from '../../modules/tickets/jobs';
import { buildTicketRow } from '../../modules/tickets/tickets.fixtures';
import { APP_ROLE } from './database';

// The history search looks up only the keys of a term that ANALYZE did not find common (migration 2026112297).

let server: TestServer;
let owner: pg.Pool;
beforeAll(async () => {
  server = await startTestServer({ SESSIONS_AUTOSTART: 'off' });
  owner = new pg.Pool({ connectionString: inject('databaseUrl'), max: 2 });
});
afterAll(async () => {
  await owner.end();
  await server.close();
});

/**
 * Runs `fn` in a transaction of the owner that is rolled back: keys it marks common are seen by the search
 * functions it calls and by nothing else (the job may rewrite the table meanwhile).
 */
async function rolledBack<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await owner.connect();
  try {
    await client.query('begin');
    return await fn(client);
  } finally {
    await client.query('rollback');
    client.release();
  }
}

const termKeys = async (db: pg.ClientBase, companyId: number, term: string) =>
  (await db.query<{ keys: number[] }>('select search_term_keys($1, $2) as keys', [companyId, term])).rows[0]!
    .keys;

const lookupKeys = async (db: pg.ClientBase, companyId: number, term: string) =>
  (
    await db.query<{ keys: number[] }>('select search_lookup_keys(search_term_keys($1, $2)) as keys', [
      companyId,
      term,
    ])
  ).rows[0]!.keys;

/** Marks keys common, each with its share of messages. */
async function markCommon(db: pg.ClientBase, keys: Array<[number, number]>): Promise<void> {
  for (const [key, frequency] of keys) {
    await db.query('insert into search_common_keys (key, frequency) values ($1, $2)', [key, frequency]);
  }
}

/** The company's tickets the search finds, as the application role sees them. */
async function matching(db: pg.ClientBase, companyId: number, term: string): Promise<number[]> {
  await db.query(`set local role ${APP_ROLE}`);
  await db.query(`select set_config('app.company_id', $1, true)`, [String(companyId)]);
  const { rows } = await db.query<{ id: number }>(
    `select distinct id from tickets_matching_search($1, $2) as id order by id`,
    [term, `%${term}%`],
  );
  await db.query('reset role');
  return rows.map((row) => row.id);
}

const byId = (...tickets: Array<{ id: number }>) => tickets.map((t) => t.id).sort((a, b) => a - b);

describe('history search keys', () => {
  it("looks up only a term's uncommon keys and still finds exactly the tickets holding the term", async () => {
    const { company } = await buildAdminSession(server);
    const coffee = await buildTicketRow(server, company.id, { messages: ['A CAFETEIRA chegou quebrada.'] });
    // Every key of "cafeteira" but two, none of them in that order: the check on the text leaves it out.
    const apart = await buildTicketRow(server, company.id, { messages: ['cafe e teira, fetos'] });
    const wallet = await buildTicketRow(server, company.id, { messages: ['perdi a carteira'] });

    await rolledBack(async (db) => {
      const all = await termKeys(db, company.id, 'cafeteira');
      const common = await termKeys(db, company.id, 'teira');
      await markCommon(
        db,
        common.map((key, i) => [key, 0.5 - i / 10]),
      );

      const looked = await lookupKeys(db, company.id, 'cafeteira');
      expect(looked.length).toBe(all.length - common.length);
      expect(looked.sort()).toEqual(all.filter((key) => !common.includes(key)).sort());
      expect(await matching(db, company.id, 'cafeteira')).toEqual(byId(coffee));
      expect(await matching(db, company.id, 'teira')).toEqual(byId(coffee, apart, wallet));
      expect(await matching(db, company.id, 'carteira')).toEqual(byId(wallet));
    });
  });

  it('looks up the two least common keys when all of them are common', async () => {
    const { company } = await buildAdminSession(server);
    const wallet = await buildTicketRow(server, company.id, { messages: ['a carteira sumiu'] });
    await buildTicketRow(server, company.id, { messages: ['cart eira'] });

    await rolledBack(async (db) => {
      const keys = await termKeys(db, company.id, 'carteira');
      expect(keys.length).toBeGreaterThan(2);
      await markCommon(
        db,
        keys.map((key, i) => [key, 0.9 - i / 100]),
      );

      const rarest = keys.slice(-2).reverse();
      expect(await lookupKeys(db, company.id, 'carteira')).toEqual(rarest);
      expect(await matching(db, company.id, 'carteira')).toEqual(byId(wallet));
    });
  });

  it('looks up every key while nothing is known common', async () => {
    const { company } = await buildAdminSession(server);
    await rolledBack(async (db) => {
      expect(await lookupKeys(db, company.id, 'geladeira')).toEqual(
        await termKeys(db, company.id, 'geladeira'),
      );
      expect(await lookupKeys(db, company.id, 'ab')).toEqual([]);
    });
  });

  it('copies the keys ANALYZE found common in a company, and the job refreshes the copy', async () => {
    const { company } = await buildAdminSession(server);
    const ticket = await buildTicketRow(server, company.id, { messages: ['a carteira sumiu'] });
    await owner.query(
      `insert into messages (company_id, ticket_id, contact_id, body, origin)
       select $1, $2, $3, 'minha carteira ' || n, 'customer' from generate_series(1, 2000) n`,
      [company.id, ticket.id, ticket.contactId],
    );
    await owner.query('analyze messages');

    expect(await refreshSearchCommonKeys(server.ctx)).toBeGreaterThan(0);
    await rolledBack(async (db) => {
      // Rewritten again here, so a scheduled run in between does not matter.
      await db.query('select refresh_search_common_keys()');
      const keys = await termKeys(db, company.id, 'carteira');
      const { rows } = await db.query<{ key: number; frequency: number }>(
        'select key, frequency from search_common_keys where key = any($1)',
        [keys],
      );
      expect(rows.map((row) => row.key).sort()).toEqual([...keys].sort());
      for (const row of rows) expect(row.frequency).toBeGreaterThan(0);
      expect((await lookupKeys(db, company.id, 'carteira')).length).toBe(2);
      expect(await matching(db, company.id, 'carteira')).toEqual([ticket.id]);
    });
  });
});
