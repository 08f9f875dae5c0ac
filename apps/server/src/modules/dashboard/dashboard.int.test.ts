import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildAdminSession, buildCompany, buildUser, login } from '../../../test/factories';
import { asCompany, uniquePhone } from '../../../test/messaging-fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TZ: 'America/Sao_Paulo' });
});
afterAll(() => server.close());

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
const addMinutes = (d: Date, m: number) => new Date(d.getTime() + m * 60_000);

interface CycleSeed {
  userId?: number | null;
  queuedAt: Date;
  startedAt?: Date;
  finishedAt?: Date;
  ratingAt?: Date;
  rate?: number;
}

/** A company with its admin ("Admin"), two agents and seeded tickets with attendance cycles. */
async function world() {
  const session = await buildAdminSession(server);
  const { company } = session;
  const alice = await buildUser(server, company, { profile: 'user', name: 'Alice' });
  const bruno = await buildUser(server, company, { profile: 'user', name: 'Bruno' });
  await asCompany(server, company.id, async (tx) => {
    await tx
      .updateTable('users')
      .set({ name: 'Admin', online: false })
      .where('id', '=', session.admin.id)
      .execute();
    await tx.updateTable('users').set({ online: true }).where('id', '=', alice.id).execute();
    await tx.updateTable('users').set({ online: false }).where('id', '=', bruno.id).execute();
  });

  /** One ticket (new contact unless given) with the given cycles. */
  async function ticket(status: 'open' | 'pending' | 'closed', cycles: CycleSeed[], contactId?: number) {
    return asCompany(server, company.id, async (tx) => {
      const contact =
        contactId ??
        (
          await tx
            .insertInto('contacts')
            .values({ companyId: company.id, name: 'Customer', number: uniquePhone() })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      const row = await tx
        .insertInto('tickets')
        .values({ companyId: company.id, contactId: contact, status })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const c of cycles) {
        const tracking = await tx
          .insertInto('ticketTracking')
          .values({
            companyId: company.id,
            ticketId: row.id,
            userId: c.userId ?? null,
            queuedAt: c.queuedAt,
            startedAt: c.startedAt ?? null,
            finishedAt: c.finishedAt ?? null,
            ratingAt: c.ratingAt ?? null,
            rated: c.rate !== undefined,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (c.rate !== undefined) {
          await tx
            .insertInto('userRatings')
            .values({
              companyId: company.id,
              rate: c.rate,
              trackingId: tracking.id,
              ticketId: row.id,
              userId: c.userId ?? null,
            })
            .execute();
        }
      }
      return { ticketId: row.id, contactId: contact };
    });
  }
  return { ...session, alice, bruno, ticket };
}

describe('GET /dashboard', () => {
  it('computes every counter and attendant over the last days', async () => {
    const w = await world();
    // A: wait 10, support 30, rated 3.
    await w.ticket('closed', [
      {
        userId: w.alice.id,
        queuedAt: minutesAgo(60),
        startedAt: minutesAgo(50),
        finishedAt: minutesAgo(20),
        rate: 3,
      },
    ]);
    // E (10 days ago, outside the period) and then B on the same contact: B is not a lead.
    // B: wait 5, support up to the rating (10), rated 2.
    await w.ticket('closed', [
      {
        userId: w.bruno.id,
        queuedAt: minutesAgo(60 * 24 * 10),
        startedAt: minutesAgo(60 * 24 * 10 - 50),
        finishedAt: minutesAgo(60 * 24 * 10 - 150),
        rate: 1,
      },
      {
        userId: w.alice.id,
        queuedAt: minutesAgo(40),
        startedAt: minutesAgo(35),
        ratingAt: minutesAgo(25),
        finishedAt: minutesAgo(15),
        rate: 2,
      },
    ]);
    // C: wait 2, still open.
    await w.ticket('open', [{ userId: w.bruno.id, queuedAt: minutesAgo(30), startedAt: minutesAgo(28) }]);
    // D: waiting in the queue.
    await w.ticket('pending', [{ queuedAt: minutesAgo(10) }]);
    // F: wait 3, closed at once (support 0: left out of the support mean, counted as finished).
    await w.ticket('closed', [
      { userId: w.alice.id, queuedAt: minutesAgo(7), startedAt: minutesAgo(4), finishedAt: minutesAgo(4) },
    ]);

    const answer = await server.call('GET', '/dashboard?days=7', { token: w.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      counters: {
        avgSupportTime: 20,
        avgWaitTime: 5,
        supportHappening: 1,
        supportPending: 1,
        supportFinished: 3,
        leads: 4,
      },
      attendants: [
        { id: w.admin.id, name: 'Admin', avgSupportTime: 0, tickets: 0, rating: 0, online: false },
        { id: w.alice.id, name: 'Alice', avgSupportTime: 20, tickets: 3, rating: 2.5, online: true },
        { id: w.bruno.id, name: 'Bruno', avgSupportTime: 0, tickets: 1, rating: 0, online: false },
      ],
    });

    const wider = await server.call('GET', '/dashboard?days=30', { token: w.token });
    expect(wider.body.counters).toMatchObject({ avgSupportTime: 47, supportFinished: 4, leads: 5 });
    expect(wider.body.attendants[2]).toMatchObject({
      name: 'Bruno',
      avgSupportTime: 100,
      tickets: 2,
      rating: 1,
    });
  });

  it("counts a lead by the contact's first cycle as cycles move and tickets go", async () => {
    const w = await world();
    const old = await w.ticket('closed', [{ queuedAt: minutesAgo(60 * 24 * 10) }]);
    const recent = await w.ticket('pending', [{ queuedAt: minutesAgo(30) }], old.contactId);
    const leads = async () =>
      (await server.call('GET', '/dashboard?days=1', { token: w.token })).body.counters.leads;
    expect(await leads()).toBe(0);

    // The contact's first cycle goes with its ticket: the recent one is now the first.
    await asCompany(server, w.company.id, (tx) =>
      tx.deleteFrom('tickets').where('id', '=', old.ticketId).execute(),
    );
    expect(await leads()).toBe(1);
    // A return re-queues the cycle: its new queuedAt decides, both ways.
    const requeue = (at: Date) =>
      asCompany(server, w.company.id, (tx) =>
        tx
          .updateTable('ticketTracking')
          .set({ queuedAt: at })
          .where('ticketId', '=', recent.ticketId)
          .execute(),
      );
    await requeue(minutesAgo(60 * 24 * 3));
    expect(await leads()).toBe(0);
    await requeue(minutesAgo(5));
    expect(await leads()).toBe(1);
    // No cycle left: no lead.
    await asCompany(server, w.company.id, (tx) =>
      tx.deleteFrom('ticketTracking').where('ticketId', '=', recent.ticketId).execute(),
    );
    expect(await leads()).toBe(0);
  });

  it('filters on local days with date_from and date_to, either bound optional', async () => {
    const w = await world();
    // São Paulo is UTC-3: 02:00Z is 23:00 the day before.
    const at = (iso: string) => new Date(iso);
    for (const queued of [
      '2026-01-10T02:00:00Z',
      '2026-01-10T12:00:00Z',
      '2026-01-11T02:59:59Z',
      '2026-01-11T03:00:00Z',
    ]) {
      const queuedAt = at(queued);
      await w.ticket('closed', [
        {
          userId: w.alice.id,
          queuedAt,
          startedAt: addMinutes(queuedAt, 1),
          finishedAt: addMinutes(queuedAt, 11),
        },
      ]);
    }
    const finished = async (query: string) =>
      (await server.call('GET', `/dashboard?${query}`, { token: w.token })).body.counters.supportFinished;
    expect(await finished('date_from=2026-01-10&date_to=2026-01-10')).toBe(2);
    expect(await finished('date_from=2026-01-10')).toBe(3);
    expect(await finished('date_to=2026-01-10')).toBe(3);
    expect(await finished('date_from=2026-01-12')).toBe(0);
    const day = await server.call('GET', '/dashboard?date_from=2026-01-10&date_to=2026-01-10', {
      token: w.token,
    });
    expect(day.body.counters).toMatchObject({ avgSupportTime: 10, avgWaitTime: 1, leads: 2 });
    // Days that do not exist are no bound, as junk is, rather than a database error.
    expect(await finished('date_from=2026-02-30&date_to=2026-13-45')).toBe(4);
    expect(await finished('date_from=0000-01-01&date_to=2026-01-10')).toBe(3);
  });

  it('is for admins; platform totals only for super users', async () => {
    const w = await world();
    const aliceToken = (await login(server, w.alice)).token;
    expect((await server.call('GET', '/dashboard', { token: aliceToken })).status).toBe(403);
    expect((await server.call('GET', '/dashboard/ticketsDay', { token: aliceToken })).status).toBe(403);
    expect((await server.call('GET', '/dashboard')).status).toBe(401);
    const own = await server.call('GET', '/dashboard', { token: w.token });
    expect(own.body.counters).not.toHaveProperty('totalCompanies');

    const superCompany = await buildCompany(server);
    const superUser = await buildUser(server, superCompany, { profile: 'admin', super: true });
    const superToken = (await login(server, superUser)).token;
    const platformTotals = () =>
      asCompany(server, superCompany.id, async () =>
        server.ctx.scopes.asSystem(async (tx) => ({
          companies: Number(
            (
              await tx.db
                .selectFrom('companies')
                .select((eb) => eb.fn.countAll<string>().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          ),
          sessions: Number(
            (
              await tx.db
                .selectFrom('whatsapps')
                .select((eb) => eb.fn.countAll<string>().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          ),
        })),
      );
    // The test database is shared with other files running at once: the answer lies between two counts.
    const before = await platformTotals();
    const bySuper = await server.call('GET', '/dashboard', { token: superToken });
    const after = await platformTotals();
    const { totalCompanies, totalWhatsappSessions } = bySuper.body.counters;
    expect(totalCompanies).toBeGreaterThanOrEqual(before.companies);
    expect(totalCompanies).toBeLessThanOrEqual(after.companies);
    expect(totalWhatsappSessions).toBeGreaterThanOrEqual(before.sessions);
    expect(totalWhatsappSessions).toBeLessThanOrEqual(after.sessions);
  });

  it("never counts another company's cycles, tickets or users", async () => {
    const a = await world();
    await a.ticket('open', [{ userId: a.alice.id, queuedAt: minutesAgo(30), startedAt: minutesAgo(20) }]);
    await a.ticket('pending', [{ queuedAt: minutesAgo(5) }]);
    const b = await buildAdminSession(server);
    const answer = await server.call('GET', '/dashboard?days=1', { token: b.token });
    expect(answer.body.counters).toEqual({
      avgSupportTime: 0,
      avgWaitTime: 0,
      supportHappening: 0,
      supportPending: 0,
      supportFinished: 0,
      leads: 0,
    });
    expect(answer.body.attendants.map((u: { id: number }) => u.id)).toEqual([b.admin.id]);
    const users = await server.call('GET', '/dashboard/ticketsUsers', { token: b.token });
    expect(users.body.data).toEqual([{ quantidade: 0, nome: 'Test User' }]);
    expect((await server.call('GET', '/dashboard/ticketsDay', { token: b.token })).body).toEqual({
      count: 0,
      data: [],
    });
  });
});

describe('dashboard charts', () => {
  async function chartWorld() {
    const w = await world();
    const cycles: Array<[string, number, boolean]> = [
      ['2026-01-10T02:00:00Z', w.alice.id, true], // local 09/01 23:00, finished 23:30 on the 9th
      ['2026-01-10T12:00:00Z', w.alice.id, true], // local 10/01 09:00
      ['2026-01-11T02:59:00Z', w.bruno.id, true], // local 10/01 23:59, finished 00:29 on the 11th
      ['2026-01-11T03:00:00Z', w.bruno.id, false], // local 11/01 00:00, unfinished
    ];
    for (const [queued, userId, finished] of cycles) {
      const queuedAt = new Date(queued);
      await w.ticket('closed', [
        {
          userId,
          queuedAt,
          startedAt: queuedAt,
          ...(finished ? { finishedAt: addMinutes(queuedAt, 30) } : {}),
        },
      ]);
    }
    return w;
  }

  it('counts finished cycles per user, users with none included', async () => {
    const w = await chartWorld();
    const get = async (query: string) =>
      (await server.call('GET', `/dashboard/ticketsUsers?${query}`, { token: w.token })).body;
    expect(await get('initialDate=2026-01-10&finalDate=2026-01-10')).toEqual({
      data: [
        { quantidade: 0, nome: 'Admin' },
        { quantidade: 1, nome: 'Alice' },
        { quantidade: 0, nome: 'Bruno' },
      ],
    });
    expect((await get('initialDate=2026-01-09&finalDate=2026-01-11')).data).toEqual([
      { quantidade: 0, nome: 'Admin' },
      { quantidade: 2, nome: 'Alice' },
      { quantidade: 1, nome: 'Bruno' },
    ]);
    expect((await get('initialDate=2026-01-10&finalDate=2026-02-30')).data).toEqual([
      { quantidade: 0, nome: 'Admin' },
      { quantidade: 1, nome: 'Alice' },
      { quantidade: 1, nome: 'Bruno' },
    ]);
  });

  it('counts created cycles per local day in date order, or per hour for one day', async () => {
    const w = await chartWorld();
    const get = async (query: string) =>
      (await server.call('GET', `/dashboard/ticketsDay?${query}`, { token: w.token })).body;
    expect(await get('initialDate=2026-01-09&finalDate=2026-01-11')).toEqual({
      count: 4,
      data: [
        { total: 1, data: '09/01/2026' },
        { total: 2, data: '10/01/2026' },
        { total: 1, data: '11/01/2026' },
      ],
    });
    expect(await get('initialDate=2026-01-10&finalDate=2026-01-10')).toEqual({
      count: 2,
      data: [
        { total: 1, horario: 9 },
        { total: 1, horario: 23 },
      ],
    });
    expect(await get('initialDate=2026-01-11&finalDate=2026-01-20')).toEqual({
      count: 1,
      data: [{ total: 1, data: '11/01/2026' }],
    });
    // A day that does not exist is no bound: the chart still answers.
    const unbounded = await get('initialDate=2026-02-31&finalDate=2026-01-11');
    expect(unbounded.count).toBe(4);
    expect((await get('initialDate=2026-01-10&finalDate=2026-99-99')).count).toBe(3);
  });

  it('charts another company for a super user naming it, and ignores companyId from an admin', async () => {
    const w = await chartWorld();
    const other = await buildAdminSession(server);
    const superUser = await buildUser(server, other.company, { profile: 'admin', super: true });
    const superToken = (await login(server, superUser)).token;
    const query = `initialDate=2026-01-09&finalDate=2026-01-11&companyId=${w.company.id}`;

    const day = await server.call('GET', `/dashboard/ticketsDay?${query}`, { token: superToken });
    expect(day.body.count).toBe(4);
    const users = await server.call('GET', `/dashboard/ticketsUsers?${query}`, { token: superToken });
    expect(users.body.data.map((row: { nome: string }) => row.nome)).toEqual(['Admin', 'Alice', 'Bruno']);

    const byAdmin = await server.call('GET', `/dashboard/ticketsDay?${query}`, { token: other.token });
    expect(byAdmin.body).toEqual({ count: 0, data: [] });
    const usersByAdmin = await server.call('GET', `/dashboard/ticketsUsers?${query}`, { token: other.token });
    expect(usersByAdmin.body.data.map((row: { nome: string }) => row.nome)).not.toContain('Alice');
  });
});
