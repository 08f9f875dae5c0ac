import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildAdminSession, buildUser } from '../../../test/factories';
import { asCompany, uniquePhone } from '../../../test/messaging-fixtures';
import type { TenantTx } from '../../platform/tenancy';
import { compactCounters } from './counters-compaction.job';
import { hoursAreLocal } from './period';

// cycle_totals (migrations 2026112262-63) must always equal a sum over the cycles and their ratings, per UTC hour
// and per UTC day: the dashboard reads it for whole hours and days and trusts it. Each step below is a write the application makes (or a
// cascade) and is checked against the totals recomputed from the cycles.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TZ: 'America/Sao_Paulo' });
});
afterAll(() => server.close());

interface BucketTotals {
  span: string;
  startsAt: string;
  userId: number | null;
  cycles: number;
  finished: number;
  supportMinutes: string;
  supported: number;
  waitMinutes: string;
  started: number;
  ratingSum: number;
  rated: number;
  closed: number;
}

const columns = sql`span, to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as "startsAt", user_id as "userId",
  cycles, finished, round(support_minutes, 6)::text as "supportMinutes", supported,
  round(wait_minutes, 6)::text as "waitMinutes", started, rating_sum as "ratingSum", rated, closed`;

/** The kept totals of each bucket that count anything: the sum of its rows, as the dashboard reads them. */
async function kept(tx: TenantTx): Promise<BucketTotals[]> {
  const { rows } = await sql<BucketTotals>`
    with bucket as (
      select span, starts_at, user_id, sum(cycles)::int as cycles, sum(finished)::int as finished,
        sum(support_minutes) as support_minutes, sum(supported)::int as supported,
        sum(wait_minutes) as wait_minutes, sum(started)::int as started, sum(rating_sum)::int as rating_sum,
        sum(rated)::int as rated, sum(closed)::int as closed
      from cycle_totals group by span, starts_at, user_id
    )
    select ${columns} from bucket
    where cycles <> 0 or closed <> 0 or finished <> 0 or supported <> 0 or started <> 0 or rated <> 0
      or support_minutes <> 0 or wait_minutes <> 0 or rating_sum <> 0
    order by span desc, starts_at, user_id nulls first`.execute(tx.unscoped());
  return rows;
}

/** Rows of the company's buckets: all of them, and the deltas not folded yet. */
async function rowCounts(tx: TenantTx): Promise<{ rows: number; buckets: number; deltas: number }> {
  const { rows } = await sql<{ rows: number; buckets: number; deltas: number }>`
    select count(*)::int as rows, count(distinct (span, starts_at, user_id))::int as buckets,
      (count(*) filter (where delta))::int as deltas
    from cycle_totals`.execute(tx.unscoped());
  return rows[0]!;
}

/** A ticket of a new customer (pending unless told); answers its id. */
async function newTicket(
  tx: TenantTx,
  companyId: number,
  status: 'pending' | 'closed' = 'pending',
): Promise<number> {
  const contact = await tx
    .insertInto('contacts')
    .values({ companyId, name: 'Customer', number: uniquePhone() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ticket = await tx
    .insertInto('tickets')
    .values({ companyId, contactId: contact.id, status })
    .returning('id')
    .executeTakeFirstOrThrow();
  return ticket.id;
}

/** The same totals computed from the cycles now (as the migration's backfill does). */
async function recomputed(tx: TenantTx): Promise<BucketTotals[]> {
  const { rows } = await sql<BucketTotals>`
    with spans(span) as (values ('hour'), ('day')),
    queued as (
      select s.span, cycle_bucket(s.span, tt.queued_at) as starts_at, tt.user_id, count(*)::int as cycles,
        count(tt.finished_at)::int as finished,
        coalesce(sum(t.support) filter (where t.support > 0), 0) as support_minutes,
        (count(*) filter (where t.support > 0))::int as supported,
        coalesce(sum(t.wait), 0) as wait_minutes, count(tt.started_at)::int as started,
        coalesce(sum(ur.rate), 0)::int as rating_sum, count(ur.rate)::int as rated
      from ticket_tracking tt
      cross join lateral (
        select extract(epoch from (coalesce(tt.rating_at, tt.finished_at) - tt.started_at)) / 60 as support,
          extract(epoch from (tt.started_at - tt.queued_at)) / 60 as wait
      ) t
      left join user_ratings ur on ur.company_id = tt.company_id and ur.tracking_id = tt.id
      cross join spans s
      group by 1, 2, 3
    ),
    closed as (
      select s.span, cycle_bucket(s.span, finished_at) as starts_at, user_id, count(*)::int as closed
      from ticket_tracking cross join spans s where finished_at is not null group by 1, 2, 3
    ),
    merged as (
      select coalesce(q.span, c.span) as span, coalesce(q.starts_at, c.starts_at) as starts_at,
        coalesce(q.user_id, c.user_id) as user_id,
        coalesce(q.cycles, 0) as cycles, coalesce(q.finished, 0) as finished,
        coalesce(q.support_minutes, 0) as support_minutes, coalesce(q.supported, 0) as supported,
        coalesce(q.wait_minutes, 0) as wait_minutes, coalesce(q.started, 0) as started,
        coalesce(q.rating_sum, 0) as rating_sum, coalesce(q.rated, 0) as rated, coalesce(c.closed, 0) as closed
      from queued q
      full join closed c
        on c.span = q.span and c.starts_at = q.starts_at and c.user_id is not distinct from q.user_id
    )
    select ${columns} from merged order by span desc, starts_at, user_id nulls first`.execute(tx.unscoped());
  return rows;
}

describe('cycle_totals', () => {
  it('follows every change of cycles and ratings, cascades included', async () => {
    const session = await buildAdminSession(server);
    const companyId = session.company.id;
    const alice = await buildUser(server, session.company, { profile: 'user', name: 'Alice' });
    const bruno = await buildUser(server, session.company, { profile: 'user', name: 'Bruno' });
    const at = (iso: string) => new Date(iso);
    const step = async (write: (tx: TenantTx) => Promise<unknown>) => {
      const { totals, expected } = await asCompany(server, companyId, async (tx) => {
        await write(tx);
        return { totals: await kept(tx), expected: await recomputed(tx) };
      });
      expect(totals).toEqual(expected);
      // Folded, each bucket is one row (none when it counts nothing) with the same totals.
      await asCompany(server, companyId, (tx) =>
        sql`select compact_cycle_totals(1000)`.execute(tx.unscoped()),
      );
      const folded = await asCompany(server, companyId, async (tx) => ({
        totals: await kept(tx),
        counts: await rowCounts(tx),
      }));
      expect(folded.totals).toEqual(expected);
      expect(folded.counts).toEqual({ rows: expected.length, buckets: expected.length, deltas: 0 });
      return totals;
    };

    const ticketId = await asCompany(server, companyId, (tx) => newTicket(tx, companyId));
    const cycle = (values: { queuedAt: Date; userId?: number }) => (tx: TenantTx) =>
      tx
        .insertInto('ticketTracking')
        .values({ companyId, ticketId, ...values })
        .returning('id')
        .executeTakeFirstOrThrow();
    let first = 0;
    const afterQueue = await step(async (tx) => {
      first = (await cycle({ queuedAt: at('2026-03-01T10:20:00Z') })(tx)).id;
    });
    expect(afterQueue).toEqual([
      expect.objectContaining({
        span: 'hour',
        startsAt: '2026-03-01 10:00',
        userId: null,
        cycles: 1,
        closed: 0,
      }),
      expect.objectContaining({
        span: 'day',
        startsAt: '2026-03-01 00:00',
        userId: null,
        cycles: 1,
        closed: 0,
      }),
    ]);
    const setCycle = (values: Record<string, unknown>) => (tx: TenantTx) =>
      tx.updateTable('ticketTracking').set(values).where('id', '=', first).execute();
    const rate = (tx: TenantTx, value: number) =>
      tx
        .insertInto('userRatings')
        .values({ companyId, rate: value, trackingId: first, ticketId, userId: alice.id })
        .execute();

    // Accepted, finished in the next hour, rated, re-rated.
    await step(setCycle({ userId: alice.id, startedAt: at('2026-03-01T10:50:00Z') }));
    await step(setCycle({ finishedAt: at('2026-03-01T11:35:00Z'), ratingAt: at('2026-03-01T11:30:00Z') }));
    await step((tx) => rate(tx, 2));
    const rated = await step((tx) =>
      tx.updateTable('userRatings').set({ rate: 3 }).where('trackingId', '=', first).execute(),
    );
    expect(rated).toEqual([
      expect.objectContaining({
        span: 'hour',
        startsAt: '2026-03-01 10:00',
        userId: alice.id,
        cycles: 1,
        finished: 1,
        supportMinutes: '40.000000',
        waitMinutes: '30.000000',
        ratingSum: 3,
        rated: 1,
      }),
      expect.objectContaining({
        span: 'hour',
        startsAt: '2026-03-01 11:00',
        userId: alice.id,
        cycles: 0,
        closed: 1,
      }),
      expect.objectContaining({
        span: 'day',
        startsAt: '2026-03-01 00:00',
        userId: alice.id,
        cycles: 1,
        closed: 1,
      }),
    ]);
    // Moved to another user and queue time with its rating; an update that touches no total.
    await step(setCycle({ userId: bruno.id, queuedAt: at('2026-03-01T09:05:00Z') }));
    await step(setCycle({ ratingAsks: 2, awaitingRating: true }));
    // A second cycle, a rating removed, the user deleted (cycles move to nobody).
    await step(async (tx) => {
      await cycle({ queuedAt: at('2026-03-02T00:00:00Z'), userId: alice.id })(tx);
      await tx.deleteFrom('userRatings').where('trackingId', '=', first).execute();
    });
    await step((tx) => rate(tx, 1));
    await step((tx) => tx.deleteFrom('users').where('id', '=', bruno.id).execute());
    // A cycle deleted with its rating, then the ticket with the rest.
    await step((tx) => tx.deleteFrom('ticketTracking').where('id', '=', first).execute());
    const gone = await step((tx) => tx.deleteFrom('tickets').where('id', '=', ticketId).execute());
    expect(gone).toEqual([]);
  });
});

describe('hoursAreLocal', () => {
  it('tells zones whose offsets are whole hours from the others', () => {
    expect(hoursAreLocal('America/Sao_Paulo')).toBe(true);
    expect(hoursAreLocal('Europe/Lisbon')).toBe(true);
    expect(hoursAreLocal('UTC')).toBe(true);
    expect(hoursAreLocal('Asia/Kolkata')).toBe(false);
    expect(hoursAreLocal('Asia/Kathmandu')).toBe(false);
    expect(hoursAreLocal('Not/AZone')).toBe(false);
  });
});

describe('per-day chart in a zone half an hour off UTC', () => {
  let india: TestServer;
  beforeAll(async () => {
    india = await startTestServer({ TZ: 'Asia/Kolkata' });
  });
  afterAll(() => india.close());

  it('splits one UTC hour between the two local days it spans', async () => {
    const session = await buildAdminSession(india);
    const companyId = session.company.id;
    await asCompany(india, companyId, async (tx) => {
      const ticketId = await newTicket(tx, companyId, 'closed');
      // 18:00–19:00 UTC is 23:30–00:30 in India: local 23:45 on the 4th, then 00:15 and 00:40 on the 5th.
      for (const queued of ['2026-03-04T18:15:00Z', '2026-03-04T18:45:00Z', '2026-03-04T19:10:00Z']) {
        const queuedAt = new Date(queued);
        await tx
          .insertInto('ticketTracking')
          .values({ companyId, ticketId, queuedAt, finishedAt: queuedAt })
          .execute();
      }
    });
    const get = async (query: string) =>
      (await india.call('GET', `/dashboard/ticketsDay?${query}`, { token: session.token })).body;
    expect(await get('initialDate=2026-03-01&finalDate=2026-03-10')).toEqual({
      count: 3,
      data: [
        { total: 1, data: '04/03/2026' },
        { total: 2, data: '05/03/2026' },
      ],
    });
    expect(await get('initialDate=2026-03-05&finalDate=2026-03-05')).toEqual({
      count: 2,
      data: [{ total: 2, horario: 0 }],
    });
  });

  it('lets two transactions open cycles of the same hour without waiting for each other', async () => {
    const session = await buildAdminSession(server);
    const companyId = session.company.id;
    const queuedAt = new Date();
    const openCycle = async (tx: TenantTx) => {
      const ticketId = await newTicket(tx, companyId);
      await tx.insertInto('ticketTracking').values({ companyId, ticketId, queuedAt }).execute();
    };
    let releaseFirst = () => {};
    const firstHolds = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstWrote = () => {};
    const firstWritten = new Promise<void>((resolve) => (firstWrote = resolve));
    // The first transaction opens a cycle and stays open while the second opens one in the same buckets.
    const first = asCompany(server, companyId, async (tx) => {
      await openCycle(tx);
      firstWrote();
      await firstHolds;
    });
    await firstWritten;
    const started = performance.now();
    await asCompany(server, companyId, openCycle);
    const waitedMs = performance.now() - started;
    releaseFirst();
    await first;
    expect(waitedMs).toBeLessThan(2_000);

    const totals = await asCompany(server, companyId, kept);
    expect(totals.map((t) => [t.span, t.cycles])).toEqual([
      ['hour', 2],
      ['day', 2],
    ]);
    await compactCounters(server.ctx);
    expect(await asCompany(server, companyId, rowCounts)).toEqual({ rows: 2, buckets: 2, deltas: 0 });
  });
});
