import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultQueueSchedules } from '@zapdesk/contracts';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildAdminSession, buildUser, login } from '../../../test/factories';
import { describeTenantIsolation } from '../../../test/isolation-kit';
import { connectSocket, pause } from '../../../test/socket-client';

let server: TestServer;
let baseUrl: string;
beforeAll(async () => {
  server = await startTestServer();
  baseUrl = await server.listen();
});
afterAll(() => server.close());

let sequence = 0;
/** A colour no other test of this run uses: `#` + 6 hex digits. */
const color = () =>
  `#${((process.pid * 7919 + ++sequence * 104_729) % 0xffffff).toString(16).padStart(6, '0')}`;

async function createQueue(token: string, body: Record<string, unknown> = {}) {
  return server.call('POST', '/queue', {
    token,
    body: { name: `Queue ${++sequence}`, color: color(), ...body },
  });
}

async function sessionOf(
  company: Awaited<ReturnType<typeof buildAdminSession>>['company'],
  profile: 'user' | 'supervisor',
) {
  const user = await buildUser(server, company, { profile });
  return { user, token: (await login(server, user)).token };
}

describe('queues', () => {
  it('creates a queue with the default week, shows, lists, edits and deletes it', async () => {
    const { token } = await buildAdminSession(server);
    const created = await createQueue(token, {
      name: 'Sales',
      greetingMessage: 'Hi {{name}}',
      orderQueue: 2,
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      name: 'Sales',
      greetingMessage: 'Hi {{name}}',
      outOfHoursMessage: '',
      orderQueue: 2,
      promptId: null,
      integrationId: null,
      mediaPath: null,
      schedules: defaultQueueSchedules,
    });
    const shown = await server.call('GET', `/queue/${created.body.id}`, { token });
    expect(shown.body).toEqual(created.body);

    const week = [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '09:00', endTime: '17:30' }];
    const edited = await server.call('PUT', `/queue/${created.body.id}`, {
      token,
      body: { name: 'Sales team', outOfHoursMessage: 'We are closed', schedules: week, orderQueue: '' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      name: 'Sales team',
      color: created.body.color,
      greetingMessage: 'Hi {{name}}',
      outOfHoursMessage: 'We are closed',
      schedules: week,
      orderQueue: null,
    });

    const deleted = await server.call('DELETE', `/queue/${created.body.id}`, { token });
    expect(deleted.body).toEqual({ message: 'Queue deleted' });
    const gone = await server.call('GET', `/queue/${created.body.id}`, { token });
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe('ERR_NOT_FOUND');
  });

  it('lists queues by orderQueue (unset last) then name in any case, to every profile', async () => {
    const { token, company } = await buildAdminSession(server);
    await createQueue(token, { name: 'Zeta', orderQueue: 1 });
    await createQueue(token, { name: 'beta', orderQueue: 2 });
    await createQueue(token, { name: 'Bravo', orderQueue: 2 });
    await createQueue(token, { name: 'Alpha', orderQueue: 2 });
    await createQueue(token, { name: 'Aardvark' });
    const user = await sessionOf(company, 'user');
    const { status, body } = await server.call('GET', '/queue', { token: user.token });
    expect(status).toBe(200);
    expect(body.map((q: { name: string }) => q.name)).toEqual(['Zeta', 'Alpha', 'beta', 'Bravo', 'Aardvark']);
  });

  it('answers the spec texts for each broken field', async () => {
    const { token } = await buildAdminSession(server);
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ name: 'A' }, { name: 'Too Short!' }],
      [{ name: 'x'.repeat(51) }, { name: 'Too Long!' }],
      [{ name: '   ' }, { name: 'Required' }],
      [{ name: undefined }, { name: 'Required' }],
      [{ color: '' }, { color: 'Required' }],
      [{ color: '#a' }, { color: 'Too Short!' }],
      [{ color: '#aabbccdd0' }, { color: 'Too Long!' }],
      [{ color: 'red' }, { color: 'Invalid value' }],
      [{ color: '#ggg' }, { color: 'Invalid value' }],
      [{ orderQueue: -1 }, { orderQueue: 'Invalid value' }],
      [{ orderQueue: 3_000_000_000 }, { orderQueue: 'Invalid value' }],
      [
        { schedules: [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '8h', endTime: '18:00' }] },
        { 'schedules.0.startTime': 'Invalid time (##:##)' },
      ],
      [{ promptId: 'abc' }, { promptId: 'Invalid value' }],
      [{ integrationId: 3_000_000_000 }, { integrationId: 'Invalid value' }],
    ];
    for (const [change, fields] of cases) {
      const { status, body } = await createQueue(token, change);
      expect({ change, status, fields: body.fields }).toEqual({ change, status: 400, fields });
    }
    expect((await server.call('GET', '/queue', { token })).body).toEqual([]);
  });

  it('answers the spec texts on edit, for long messages and for the week, and keeps the queue', async () => {
    const { token } = await buildAdminSession(server);
    const queue = await createQueue(token, { greetingMessage: 'Olá' });
    const monday = { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' };
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ name: 'A' }, { name: 'Too Short!' }],
      [{ name: '' }, { name: 'Required' }],
      [{ color: 'red' }, { color: 'Invalid value' }],
      [{ greetingMessage: 'x'.repeat(10_001) }, { greetingMessage: 'Too Long!' }],
      [{ outOfHoursMessage: 'x'.repeat(10_001) }, { outOfHoursMessage: 'Too Long!' }],
      [{ schedules: [{ ...monday, endTime: '25:00' }] }, { 'schedules.0.endTime': 'Invalid time (##:##)' }],
      [{ schedules: [{ ...monday, weekdayEn: 'someday' }] }, { 'schedules.0.weekdayEn': 'Invalid value' }],
      [{ schedules: [monday, monday] }, { schedules: 'Each weekday at most once' }],
      [{ schedules: Array.from({ length: 8 }, () => monday) }, { schedules: 'Too Long!' }],
    ];
    for (const [change, fields] of cases) {
      const { status, body } = await server.call('PUT', `/queue/${queue.body.id}`, { token, body: change });
      expect({ change, status, fields: body.fields }).toEqual({ change, status: 400, fields });
    }
    expect((await server.call('GET', `/queue/${queue.body.id}`, { token })).body).toEqual(queue.body);
  });

  it('refuses a name or colour already used in the company, in any case, on create and edit', async () => {
    const { token } = await buildAdminSession(server);
    const first = await createQueue(token, { name: 'Support', color: '#ABCDEF' });
    const sameName = await createQueue(token, { name: 'SUPPORT' });
    expect(sameName.status).toBe(400);
    expect(sameName.body.error).toBe('ERR_QUEUE_NAME_ALREADY_EXISTS');
    const sameColor = await createQueue(token, { color: '#abcdef' });
    expect(sameColor.status).toBe(400);
    expect(sameColor.body.error).toBe('ERR_QUEUE_COLOR_ALREADY_EXISTS');

    const second = await createQueue(token, { name: 'Billing' });
    const renamed = await server.call('PUT', `/queue/${second.body.id}`, {
      token,
      body: { name: 'support' },
    });
    expect(renamed.body.error).toBe('ERR_QUEUE_NAME_ALREADY_EXISTS');
    const recolored = await server.call('PUT', `/queue/${second.body.id}`, {
      token,
      body: { color: first.body.color },
    });
    expect(recolored.body.error).toBe('ERR_QUEUE_COLOR_ALREADY_EXISTS');

    const other = await buildAdminSession(server);
    expect((await createQueue(other.token, { name: 'Support', color: '#ABCDEF' })).status).toBe(200);
  });

  it("stops at the plan's queue limit, even for creates sent at the same time", async () => {
    const { token } = await buildAdminSession(server, { plan: { queues: 2 } });
    const answers = await Promise.all([createQueue(token), createQueue(token), createQueue(token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 400]);
    const refused = answers.find((a) => a.status === 400);
    expect(refused?.body.error).toBe('ERR_PLAN_LIMIT_QUEUES');
    expect((await server.call('GET', '/queue', { token })).body).toHaveLength(2);

    const unlimited = await buildAdminSession(server, { plan: { queues: 0 } });
    for (let i = 0; i < 3; i++) expect((await createQueue(unlimited.token)).status).toBe(200);
  });

  it('leaves queue writes to admins', async () => {
    const { token, company } = await buildAdminSession(server);
    const queue = await createQueue(token);
    for (const profile of ['user', 'supervisor'] as const) {
      const other = await sessionOf(company, profile);
      const attempts = [
        await createQueue(other.token),
        await server.call('PUT', `/queue/${queue.body.id}`, {
          token: other.token,
          body: { name: 'Mine now' },
        }),
        await server.call('DELETE', `/queue/${queue.body.id}`, { token: other.token }),
        await server.call('DELETE', `/queue/${queue.body.id}/media-upload`, { token: other.token }),
      ];
      expect(attempts.map((a) => [a.status, a.body.error])).toEqual(
        attempts.map(() => [403, 'ERR_NO_PERMISSION']),
      );
      expect((await server.call('GET', `/queue/${queue.body.id}`, { token: other.token })).body).toEqual(
        queue.body,
      );
    }
  });

  it("links the company's own prompt and integration, and answers 404 for another company's", async () => {
    const { token, company } = await buildAdminSession(server);
    const other = await buildAdminSession(server);
    const [ownPrompt, ownIntegration] = await links(company.id);
    const [foreignPrompt, foreignIntegration] = await links(other.company.id);

    const linked = await createQueue(token, { promptId: ownPrompt, integrationId: ownIntegration });
    expect(linked.body).toMatchObject({ promptId: ownPrompt, integrationId: ownIntegration });
    const unlinked = await server.call('PUT', `/queue/${linked.body.id}`, {
      token,
      body: { promptId: null, integrationId: '' },
    });
    expect(unlinked.body).toMatchObject({ promptId: null, integrationId: null });

    expect((await createQueue(token, { promptId: foreignPrompt })).status).toBe(404);
    expect((await createQueue(token, { integrationId: foreignIntegration })).status).toBe(404);
    const hijack = await server.call('PUT', `/queue/${linked.body.id}`, {
      token,
      body: { promptId: foreignPrompt },
    });
    expect(hijack.status).toBe(404);
    expect((await server.call('GET', `/queue/${linked.body.id}`, { token })).body.promptId).toBeNull();
  });

  it('clears a deleted queue from tickets, users, connections and drops its options', async () => {
    const { token, company, admin } = await buildAdminSession(server);
    const queue = await createQueue(token);
    const kept = await createQueue(token);
    const option = await server.call('POST', '/queue-options', {
      token,
      body: { title: 'Sales', option: 1, queueId: queue.body.id },
    });
    const ids = await server.ctx.scopes.tenant(company.id).run(async (tx) => {
      const contact = await tx
        .insertInto('contacts')
        .values({ companyId: company.id, name: 'Customer', number: `5511${Date.now() % 1e8}` })
        .returning('id')
        .executeTakeFirstOrThrow();
      const whatsapp = await tx
        .insertInto('whatsapps')
        .values({ companyId: company.id, name: `Phone ${++sequence}`, transferQueueId: queue.body.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      const ticket = await tx
        .insertInto('tickets')
        .values({ companyId: company.id, contactId: contact.id, queueId: queue.body.id, status: 'pending' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('whatsappQueues')
        .values([
          { companyId: company.id, whatsappId: whatsapp.id, queueId: queue.body.id },
          { companyId: company.id, whatsappId: whatsapp.id, queueId: kept.body.id },
        ])
        .execute();
      return { whatsappId: whatsapp.id, ticketId: ticket.id };
    });
    await server.call('PUT', `/users/${admin.id}`, {
      token,
      body: { queueIds: [queue.body.id, kept.body.id] },
    });

    expect((await server.call('DELETE', `/queue/${queue.body.id}`, { token })).status).toBe(200);

    const user = await server.call('GET', `/users/${admin.id}`, { token });
    expect(user.body.queues.map((q: { id: number }) => q.id)).toEqual([kept.body.id]);
    const rows = await server.ctx.scopes.tenant(company.id).run(async (tx) => ({
      ticket: await tx
        .selectFrom('tickets')
        .where('id', '=', ids.ticketId)
        .select('queueId')
        .executeTakeFirst(),
      whatsapp: await tx
        .selectFrom('whatsapps')
        .where('id', '=', ids.whatsappId)
        .select('transferQueueId')
        .executeTakeFirst(),
      connectionQueues: await tx
        .selectFrom('whatsappQueues')
        .where('whatsappId', '=', ids.whatsappId)
        .select('queueId')
        .execute(),
    }));
    expect(rows).toEqual({
      ticket: { queueId: null },
      whatsapp: { transferQueueId: null },
      connectionQueues: [{ queueId: kept.body.id }],
    });
    expect((await server.call('GET', `/queue-options/${option.body.id}`, { token })).status).toBe(404);
  });

  it("lets a super user list another company's queues, and ignores companyId from anyone else", async () => {
    const a = await buildAdminSession(server);
    const queue = await createQueue(a.token);
    const b = await buildAdminSession(server);
    const superUser = await buildUser(server, b.company, { super: true });
    const superToken = (await login(server, superUser)).token;
    const asSuper = await server.call('GET', `/queue?companyId=${a.company.id}`, { token: superToken });
    expect(asSuper.body).toEqual([queue.body]);
    const asAdmin = await server.call('GET', `/queue?companyId=${a.company.id}`, { token: b.token });
    expect(asAdmin.body).toEqual([]);
  });

  it('answers 400, not 500, to ids beyond the integer range', async () => {
    const { token } = await buildAdminSession(server);
    for (const [method, path] of [
      ['GET', '/queue/99999999999'],
      ['PUT', '/queue/99999999999'],
      ['DELETE', '/queue/0'],
    ] as const) {
      const { status, body } = await server.call(method, path, { token, body: { name: 'Renamed' } });
      expect([method, path, status, body.fields]).toEqual([method, path, 400, { id: 'Invalid value' }]);
    }
  });
});

describe('company-{id}-queue events', () => {
  it("tells the company's sockets of a created, updated and deleted queue, and no other company's", async () => {
    const a = await buildAdminSession(server);
    const b = await buildAdminSession(server);
    const user = await sessionOf(a.company, 'user');
    const socketA = await connectSocket(baseUrl, user.token);
    const socketB = await connectSocket(baseUrl, b.token);
    try {
      const event = `company-${a.company.id}-queue`;
      const created = await createQueue(a.token);
      expect(await socketA.waitFor(event)).toEqual({ action: 'create', queue: created.body });
      const updated = await server.call('PUT', `/queue/${created.body.id}`, {
        token: a.token,
        body: { name: 'Renamed' },
      });
      await pause(100);
      expect(socketA.received(event)).toContainEqual({ action: 'update', queue: updated.body });
      await server.call('DELETE', `/queue/${created.body.id}`, { token: a.token });
      await pause(100);
      expect(socketA.received(event)).toContainEqual({ action: 'delete', queueId: created.body.id });
      expect(socketB.events.filter((e) => e.event.startsWith(`company-${a.company.id}-`))).toEqual([]);
    } finally {
      socketA.close();
      socketB.close();
    }
  });
});

/** An AI prompt and a queue integration of the company: their ids. */
async function links(companyId: number): Promise<[number, number]> {
  return server.ctx.scopes.tenant(companyId).run(async (tx) => {
    const prompt = await tx
      .insertInto('prompts')
      .values({ companyId, name: `Prompt ${++sequence}`, prompt: 'x'.repeat(60), apiKey: 'sk-test' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const integration = await tx
      .insertInto('queueIntegrations')
      .values({ companyId, type: 'webhook', name: `Hook ${++sequence}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    return [prompt.id, integration.id];
  });
}

describeTenantIsolation<{ id: number }>({
  resource: 'queue',
  server: () => server,
  async create(_server, owner) {
    const { status, body } = await createQueue(owner.token);
    if (status !== 200) throw new Error(`queue not created: ${status} ${JSON.stringify(body)}`);
    return { id: body.id };
  },
  byId: [
    { method: 'GET', path: (q) => `/queue/${q.id}` },
    { method: 'PUT', path: (q) => `/queue/${q.id}`, body: { name: 'Taken over', greetingMessage: 'Hacked' } },
    { method: 'DELETE', path: (q) => `/queue/${q.id}/media-upload` },
    { method: 'DELETE', path: (q) => `/queue/${q.id}` },
  ],
  notFoundCode: 'ERR_NOT_FOUND',
  lists: [{ path: '/queue' }, { path: (q) => `/queue?companyId=${q.id}` }],
});
