import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildCompany, buildUser, login, type BuiltCompany } from '../../../test/factories';
import { describeTenantIsolation } from '../../../test/isolation-kit';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function member(company: BuiltCompany, name: string, profile: 'user' | 'admin' = 'user') {
  const user = await buildUser(server, company, { profile, name });
  return { id: user.id, name, token: (await login(server, user)).token };
}

/** A company with an owner and two more users. */
async function team() {
  const company = await buildCompany(server);
  const [ana, bruno, carla] = [
    await member(company, 'Ana'),
    await member(company, 'Bruno'),
    await member(company, 'Carla'),
  ];
  return { company, ana, bruno, carla };
}

const post = (token: string, url: string, body: unknown) => server.call('POST', url, { token, body });

describe('internal chat', () => {
  it('creates a chat owned by the caller whose members are the users and the owner', async () => {
    const { ana, bruno } = await team();
    const created = await post(ana.token, '/chats', {
      title: 'Plantão',
      users: [{ id: bruno.id, name: 'x' }],
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ title: 'Plantão', ownerId: ana.id, lastMessage: '' });
    expect(created.body.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.body.users).toEqual([
      { userId: ana.id, unreads: 0, user: { id: ana.id, name: 'Ana' } },
      { userId: bruno.id, unreads: 0, user: { id: bruno.id, name: 'Bruno' } },
    ]);
    const byUuid = await server.call('GET', `/chats/${created.body.uuid}`, { token: bruno.token });
    const byId = await server.call('GET', `/chats/${created.body.id}`, { token: bruno.token });
    expect([byUuid.status, byId.status]).toEqual([200, 200]);
    expect(byUuid.body).toEqual(created.body);
    expect(byId.body).toEqual(created.body);
  });

  it('refuses a chat without a title or users, or with a user of another company, and stores nothing', async () => {
    const { ana } = await team();
    const stranger = await member(await buildCompany(server), 'Outsider');
    const cases: Array<[unknown, number, unknown]> = [
      [{ title: '  ', users: [stranger.id] }, 400, { title: 'Required' }],
      [{ title: 'Sem usuários', users: [] }, 400, { users: 'Required' }],
      [{ title: 'Sem usuários' }, 400, { users: 'Required' }],
    ];
    for (const [body, status, fields] of cases) {
      const answer = await post(ana.token, '/chats', body);
      expect({ body, status: answer.status, fields: answer.body.fields }).toEqual({ body, status, fields });
    }
    const foreign = await post(ana.token, '/chats', { title: 'Fora', users: [stranger.id] });
    expect([foreign.status, foreign.body.error]).toEqual([404, 'ERR_NO_USER_FOUND']);
    expect((await server.call('GET', '/chats', { token: ana.token })).body).toEqual({
      records: [],
      count: 0,
      hasMore: false,
    });
  });

  it('lists only the chats the caller belongs to, latest activity first, and hides the others by id', async () => {
    const { ana, bruno, carla } = await team();
    const first = await post(ana.token, '/chats', { title: 'Primeiro', users: [bruno.id] });
    const second = await post(ana.token, '/chats', { title: 'Segundo', users: [carla.id] });
    await post(bruno.token, `/chats/${first.body.id}/messages`, { message: 'subindo' });

    const anaList = await server.call('GET', '/chats', { token: ana.token });
    expect(anaList.body.records.map((c: { title: string }) => c.title)).toEqual(['Primeiro', 'Segundo']);
    expect(anaList.body).toMatchObject({ count: 2, hasMore: false });
    const brunoList = await server.call('GET', '/chats', { token: bruno.token });
    expect(brunoList.body.records.map((c: { id: number }) => c.id)).toEqual([first.body.id]);
    const search = await server.call('GET', '/chats?searchParam=SEGUN', { token: ana.token });
    expect(search.body.records.map((c: { id: number }) => c.id)).toEqual([second.body.id]);

    for (const url of [`/chats/${second.body.uuid}`, `/chats/${second.body.id}/messages`]) {
      const answer = await server.call('GET', url, { token: bruno.token });
      expect([url, answer.status]).toEqual([url, 404]);
    }
    const sent = await post(bruno.token, `/chats/${second.body.id}/messages`, { message: 'intruso' });
    expect(sent.status).toBe(404);
    expect((await server.call('GET', '/chats/not-a-chat', { token: ana.token })).status).toBe(404);
  });

  it('lets only the owner edit and delete; a member taken out loses the chat', async () => {
    const { ana, bruno, carla } = await team();
    const chat = await post(ana.token, '/chats', { title: 'Equipe', users: [bruno.id, carla.id] });
    const byMember = [
      await server.call('PUT', `/chats/${chat.body.id}`, { token: bruno.token, body: { title: 'Minha' } }),
      await server.call('DELETE', `/chats/${chat.body.id}`, { token: bruno.token }),
    ];
    expect(byMember.map((a) => [a.status, a.body.error])).toEqual([
      [403, 'ERR_NO_PERMISSION'],
      [403, 'ERR_NO_PERMISSION'],
    ]);

    await post(bruno.token, `/chats/${chat.body.id}/messages`, { message: 'oi' });
    const edited = await server.call('PUT', `/chats/${chat.body.uuid}`, {
      token: ana.token,
      body: { title: 'Equipe B', users: [bruno.id] },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.title).toBe('Equipe B');
    expect(edited.body.users.map((u: { userId: number; unreads: number }) => [u.userId, u.unreads])).toEqual([
      [ana.id, 1],
      [bruno.id, 0],
    ]);
    expect((await server.call('GET', `/chats/${chat.body.id}`, { token: carla.token })).status).toBe(404);

    const removed = await server.call('DELETE', `/chats/${chat.body.id}`, { token: ana.token });
    expect(removed.body).toEqual({ message: 'Chat deleted' });
    expect((await server.call('GET', `/chats/${chat.body.id}`, { token: ana.token })).status).toBe(404);
    expect((await server.call('GET', '/chats', { token: bruno.token })).body.records).toEqual([]);
  });

  it("counts a message unread for the other members and resets the reader's count on read", async () => {
    const { ana, bruno, carla } = await team();
    const chat = await post(ana.token, '/chats', { title: 'Contagem', users: [bruno.id, carla.id] });
    const url = `/chats/${chat.body.id}`;
    const sent = await post(ana.token, `${url}/messages`, { message: '  primeira  ' });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({
      chatId: chat.body.id,
      senderId: ana.id,
      sender: { id: ana.id, name: 'Ana' },
      message: 'primeira',
    });
    await post(bruno.token, `${url}/messages`, { message: 'segunda' });

    const unreads = async (token: string) => {
      const answer = await server.call('GET', url, { token });
      return {
        last: answer.body.lastMessage,
        counts: answer.body.users.map((u: { unreads: number }) => u.unreads),
      };
    };
    expect(await unreads(carla.token)).toEqual({ last: 'segunda', counts: [1, 1, 2] });

    const read = await post(carla.token, `${url}/read`, { userId: carla.id });
    expect(read.status).toBe(200);
    expect(read.body.users.map((u: { unreads: number }) => u.unreads)).toEqual([1, 1, 0]);
    const forOther = await post(carla.token, `${url}/read`, { userId: ana.id });
    expect([forOther.status, forOther.body.error]).toEqual([403, 'ERR_NO_PERMISSION']);
    expect((await unreads(ana.token)).counts).toEqual([1, 1, 0]);

    const blank = await post(ana.token, `${url}/messages`, { message: ' \n ' });
    expect([blank.status, blank.body.fields]).toEqual([400, { message: 'Required' }]);
    expect((await unreads(ana.token)).last).toBe('segunda');
  });

  it('loses no message and no unread count when members send at the same time', async () => {
    const { ana, bruno, carla } = await team();
    const chat = await post(ana.token, '/chats', { title: 'Corrida', users: [bruno.id, carla.id] });
    const url = `/chats/${chat.body.id}/messages`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post(i % 2 ? ana.token : bruno.token, url, { message: `c${i}` })),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const shown = await server.call('GET', `/chats/${chat.body.id}`, { token: carla.token });
    expect(shown.body.users.map((u: { userId: number; unreads: number }) => [u.userId, u.unreads])).toEqual([
      [ana.id, 10],
      [bruno.id, 10],
      [carla.id, 20],
    ]);
    const history = await server.call('GET', url, { token: carla.token });
    expect(history.body.count).toBe(20);
    expect(new Set(history.body.records.map((m: { message: string }) => m.message)).size).toBe(20);
  });

  it('pages history 20 at a time from the newest, each page oldest first', async () => {
    const { ana, bruno } = await team();
    const chat = await post(ana.token, '/chats', { title: 'Histórico', users: [bruno.id] });
    for (let i = 1; i <= 25; i++) {
      await post(i % 2 ? ana.token : bruno.token, `/chats/${chat.body.id}/messages`, { message: `m${i}` });
    }
    const page1 = await server.call('GET', `/chats/${chat.body.uuid}/messages`, { token: bruno.token });
    expect(page1.body).toMatchObject({ count: 25, hasMore: true });
    expect(page1.body.records.map((m: { message: string }) => m.message)).toEqual(
      Array.from({ length: 20 }, (_, i) => `m${i + 6}`),
    );
    expect(page1.body.records[0].sender).toEqual({ id: bruno.id, name: 'Bruno' });
    const page2 = await server.call('GET', `/chats/${chat.body.uuid}/messages?pageNumber=2`, {
      token: bruno.token,
    });
    expect(page2.body).toMatchObject({ count: 25, hasMore: false });
    expect(page2.body.records.map((m: { message: string }) => m.message)).toEqual([
      'm1',
      'm2',
      'm3',
      'm4',
      'm5',
    ]);
    const past = await server.call('GET', `/chats/${chat.body.id}/messages?pageNumber=3`, {
      token: ana.token,
    });
    expect([past.status, past.body]).toEqual([200, { records: [], count: 25, hasMore: false }]);
    const empty = await post(ana.token, '/chats', { title: 'Vazio', users: [bruno.id] });
    const none = await server.call('GET', `/chats/${empty.body.uuid}/messages`, { token: bruno.token });
    expect([none.status, none.body]).toEqual([200, { records: [], count: 0, hasMore: false }]);
  });

  it('refuses writes without the plan flag and answers an empty list', async () => {
    const company = await buildCompany(server, { plan: { useInternalChat: false } });
    const ana = await member(company, 'Ana');
    const bruno = await member(company, 'Bruno');
    const created = await post(ana.token, '/chats', { title: 'Sem plano', users: [bruno.id] });
    expect([created.status, created.body.error]).toEqual([403, 'ERR_PLAN_FEATURE_DISABLED']);
    const list = await server.call('GET', '/chats', { token: ana.token });
    expect([list.status, list.body]).toEqual([200, { records: [], count: 0, hasMore: false }]);
  });
});

describeTenantIsolation({
  resource: 'chat',
  server: () => server,
  create: async (_server, owner) => {
    const other = await buildUser(server, owner.company, { profile: 'user' });
    const answer = await post(owner.token, '/chats', { title: 'Isolado', users: [other.id] });
    await post(owner.token, `/chats/${answer.body.id}/messages`, { message: 'segredo' });
    return { id: answer.body.id as number, uuid: answer.body.uuid as string };
  },
  byId: [
    { method: 'GET', path: (c) => `/chats/${c.id}` },
    { method: 'GET', path: (c) => `/chats/${c.uuid}` },
    { method: 'GET', path: (c) => `/chats/${c.id}/messages` },
    { method: 'PUT', path: (c) => `/chats/${c.id}`, body: { title: 'Tomado' } },
    { method: 'POST', path: (c) => `/chats/${c.id}/messages`, body: { message: 'invasão' } },
    { method: 'POST', path: (c) => `/chats/${c.uuid}/read`, body: {} },
    { method: 'DELETE', path: (c) => `/chats/${c.id}` },
  ],
  readAsOwner: async (_server, owner, chat) => {
    const answer = await server.call('GET', `/chats/${chat.id}/messages`, { token: owner.token });
    const shown = await server.call('GET', `/chats/${chat.id}`, { token: owner.token });
    return { messages: answer.body, chat: shown.body };
  },
  lists: [{ path: '/chats' }],
});
