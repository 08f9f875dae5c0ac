import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildCompany, buildUser, login, type BuiltCompany } from '../../../test/factories';
import { connectSocket, pause, type TestSocket } from '../../../test/socket-client';

let server: TestServer;
let baseUrl: string;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  server = await startTestServer();
  baseUrl = await server.listen();
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server.close();
});

async function online(company: BuiltCompany, name: string) {
  const user = await buildUser(server, company, { profile: 'admin', name });
  const token = (await login(server, user)).token;
  const socket = await connectSocket(baseUrl, token);
  sockets.push(socket);
  return { id: user.id, token, socket };
}

const chatEventsOf = (socket: TestSocket) => socket.events.filter((e) => /^company-\d+-chat/.test(e.event));

describe('internal chat events', () => {
  it("reach the members' sockets only: never a non-member's, an admin's, or another company's", async () => {
    const company = await buildCompany(server);
    const ana = await online(company, 'Ana');
    const bruno = await online(company, 'Bruno');
    const outsider = await online(company, 'Admin de fora');
    const foreign = await online(await buildCompany(server), 'Outra empresa');
    const cid = company.id;

    const created = await server.call('POST', '/chats', {
      token: ana.token,
      body: { title: 'Privado', users: [bruno.id] },
    });
    const chat = created.body;
    expect(await bruno.socket.waitFor(`company-${cid}-chat-user-${bruno.id}`)).toEqual({
      action: 'create',
      record: chat,
    });
    expect(await ana.socket.waitFor(`company-${cid}-chat-user-${ana.id}`)).toMatchObject({
      action: 'create',
    });

    const sent = await server.call('POST', `/chats/${chat.uuid}/messages`, {
      token: ana.token,
      body: { message: 'só entre nós' },
    });
    const inRoom = (await bruno.socket.waitFor(`company-${cid}-chat-${chat.id}`)) as Record<string, unknown>;
    expect(inRoom).toMatchObject({ action: 'update' });
    const messageEvent = await eventually(() =>
      bruno.socket
        .received(`company-${cid}-chat-${chat.id}`)
        .find((p) => (p as { action: string }).action === 'new-message'),
    );
    expect(messageEvent).toMatchObject({
      action: 'new-message',
      newMessage: sent.body,
      chat: { id: chat.id, lastMessage: 'só entre nós' },
    });
    const listEvent = await eventually(() =>
      bruno.socket
        .received(`company-${cid}-chat`)
        .find((p) => (p as { action: string }).action === 'new-message'),
    );
    const brunoUnreads = (listEvent as { chat: { users: Array<{ userId: number; unreads: number }> } }).chat
      .users;
    expect(brunoUnreads.find((u) => u.userId === bruno.id)?.unreads).toBe(1);
    expect(ana.socket.received(`company-${cid}-chat`).length).toBeGreaterThan(0);

    await server.call('POST', `/chats/${chat.id}/read`, { token: bruno.token, body: { userId: bruno.id } });
    await server.call('DELETE', `/chats/${chat.id}`, { token: ana.token });
    expect(
      await eventually(() =>
        bruno.socket
          .received(`company-${cid}-chat`)
          .find((p) => (p as { action: string }).action === 'delete'),
      ),
    ).toEqual({ action: 'delete', id: chat.id });

    // Everything the members got has been delivered; give stragglers a moment before asserting silence.
    await pause(200);
    expect(chatEventsOf(outsider.socket)).toEqual([]);
    expect(chatEventsOf(foreign.socket)).toEqual([]);
  });

  it('tells a member taken out of a chat that it is gone, and stops telling them about it', async () => {
    const company = await buildCompany(server);
    const ana = await online(company, 'Ana');
    const bruno = await online(company, 'Bruno');
    const carla = await online(company, 'Carla');
    const cid = company.id;
    const chat = (
      await server.call('POST', '/chats', {
        token: ana.token,
        body: { title: 'Trio', users: [bruno.id, carla.id] },
      })
    ).body;
    await server.call('PUT', `/chats/${chat.id}`, { token: ana.token, body: { users: [bruno.id] } });
    expect(
      await eventually(() =>
        carla.socket
          .received(`company-${cid}-chat`)
          .find((p) => (p as { action: string }).action === 'delete'),
      ),
    ).toEqual({ action: 'delete', id: chat.id });
    const before = chatEventsOf(carla.socket).length;
    await server.call('POST', `/chats/${chat.id}/messages`, {
      token: bruno.token,
      body: { message: 'sem a Carla' },
    });
    await ana.socket.waitFor(`company-${cid}-chat-${chat.id}`);
    await eventually(() =>
      ana.socket
        .received(`company-${cid}-chat`)
        .find((p) => (p as { action: string }).action === 'new-message'),
    );
    await pause(200);
    expect(chatEventsOf(carla.socket).length).toBe(before);
  });
});

async function eventually<T>(probe: () => T | undefined, timeoutMs = 3000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('no matching event in time');
    await pause(20);
  }
}
