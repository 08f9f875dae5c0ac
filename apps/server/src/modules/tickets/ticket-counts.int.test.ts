import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildAdminSession, buildUser } from '../../../test/factories';
import { asCompany } from '../../../test/messaging-fixtures';
import { compactCounters, COUNTERS_COMPACTION_JOB } from '../dashboard';
import { agentIn, buildTicketRow, queueOf, setTicket } from './tickets.fixtures';

// ticket_counts (migration 2026112281) must always sum to the company's tickets per (status, user, queue): the
// list counts its plain tabs from it and the dashboard its open and pending tickets. Each step is a write the
// application makes (or a cascade); the counts are checked against the tickets, before and after folding.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SESSIONS_AUTOSTART: 'off', TZ: 'America/Sao_Paulo' });
});
afterAll(() => server.close());

type Key = { status: string; userId: number | null; queueId: number | null; n: number };

const byKey = (a: Key, b: Key) =>
  `${a.status}|${a.userId}|${a.queueId}`.localeCompare(`${b.status}|${b.userId}|${b.queueId}`);

async function kept(companyId: number): Promise<Key[]> {
  const { rows } = await asCompany(server, companyId, (tx) =>
    sql<Key>`select status, user_id as "userId", queue_id as "queueId", sum(tickets)::int as n
      from ticket_counts group by 1, 2, 3 having sum(tickets) <> 0`.execute(tx.unscoped()),
  );
  return rows.sort(byKey);
}

async function counted(companyId: number): Promise<Key[]> {
  const { rows } = await asCompany(server, companyId, (tx) =>
    sql<Key>`select status, user_id as "userId", queue_id as "queueId", count(*)::int as n
      from tickets group by 1, 2, 3`.execute(tx.unscoped()),
  );
  return rows.sort(byKey);
}

describe('ticket_counts', () => {
  it('follows every ticket write, and the list counts its plain tabs from it', async () => {
    const { company, admin, token } = await buildAdminSession(server);
    const sales = await queueOf(server, company.id);
    const support = await queueOf(server, company.id);
    const agent = await agentIn(server, company, [sales.id]);
    const colleague = await buildUser(server, company, { profile: 'user' });
    const listCount = async (query: string, as = token) => {
      const answer = await server.call('GET', `/tickets?${query}`, { token: as });
      expect(answer.status).toBe(200);
      return { count: answer.body.count as number, listed: (answer.body.tickets as unknown[]).length };
    };
    const check = async () => {
      const expected = await counted(company.id);
      expect(await kept(company.id)).toEqual(expected);
      // Every tab below holds fewer tickets than a page: its count is what it lists.
      for (const [query, as] of [
        ['showAll=true', token],
        ['showAll=true&status=open', token],
        ['status=pending', token],
        ['status=open', agent.token],
        ['status=pending', agent.token],
        ['', agent.token],
        [`showAll=true&queueIds=${JSON.stringify([support.id])}`, token],
        [`showAll=true&users=${JSON.stringify([colleague.id])}`, token],
      ] as const) {
        const { count, listed } = await listCount(query, as);
        expect(count, query).toBe(listed);
      }
      await compactCounters(server.ctx);
      expect(await kept(company.id)).toEqual(expected);
    };

    const open = await buildTicketRow(server, company.id, {
      status: 'open',
      userId: agent.id,
      queueId: sales.id,
    });
    const waiting = await buildTicketRow(server, company.id, { status: 'pending', queueId: sales.id });
    await buildTicketRow(server, company.id, { status: 'pending' });
    const theirs = await buildTicketRow(server, company.id, {
      status: 'open',
      userId: colleague.id,
      queueId: support.id,
    });
    await buildTicketRow(server, company.id, { status: 'closed', userId: admin.id });
    await check();

    // Accepted, moved between queues, closed; a write that touches none of the counted columns.
    await setTicket(server, company.id, waiting.id, { status: 'open', userId: agent.id });
    await setTicket(server, company.id, open.id, { queueId: support.id });
    await setTicket(server, company.id, theirs.id, { status: 'closed' });
    await asCompany(server, company.id, (tx) =>
      tx.updateTable('tickets').set({ unreadMessages: 3 }).where('id', '=', open.id).execute(),
    );
    await check();

    // A user and a queue deleted (their tickets move to none), a ticket and a contact deleted.
    await asCompany(server, company.id, (tx) =>
      tx.deleteFrom('users').where('id', '=', colleague.id).execute(),
    );
    await asCompany(server, company.id, (tx) =>
      tx.deleteFrom('queues').where('id', '=', support.id).execute(),
    );
    await asCompany(server, company.id, (tx) =>
      tx.deleteFrom('tickets').where('id', '=', waiting.id).execute(),
    );
    await asCompany(server, company.id, (tx) =>
      tx.deleteFrom('contacts').where('id', '=', open.contactId).execute(),
    );
    await check();
    expect((await counted(company.id)).reduce((sum, key) => sum + key.n, 0)).toBe(3);
  });

  it('is folded by the counters job on a worker node', async () => {
    const { company } = await buildAdminSession(server);
    await buildTicketRow(server, company.id, { status: 'pending' });
    const deltas = () =>
      asCompany(server, company.id, async (tx) =>
        Number(
          (
            await sql<{ n: number }>`select count(*)::int as n from ticket_counts where delta`.execute(
              tx.unscoped(),
            )
          ).rows[0]?.n,
        ),
      );
    expect(await deltas()).toBe(1);
    const id = await server.ctx.jobs.send(COUNTERS_COMPACTION_JOB, {});
    await vi.waitFor(
      async () => expect(await server.ctx.jobs.state(COUNTERS_COMPACTION_JOB, id ?? '')).toBe('completed'),
      { timeout: 10_000 },
    );
    expect(await deltas()).toBe(0);
    expect(await kept(company.id)).toEqual(await counted(company.id));
  });
});
