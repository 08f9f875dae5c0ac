import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildAdminSession, buildUser, login } from '../../../test/factories';
import { connectSocket, pause, type TestSocket } from '../../../test/socket-client';

let server: TestServer;
let baseUrl: string;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  server = await startTestServer();
  baseUrl = await server.listen();
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(() => server.close());

async function connect(token: string): Promise<TestSocket> {
  const socket = await connectSocket(baseUrl, token);
  sockets.push(socket);
  return socket;
}

interface UserEvent {
  action: string;
  user?: Record<string, unknown> & { id: number };
  userId?: number;
}

/** The first `event` payload matching `match`, waiting up to 5 s. */
async function eventMatching(socket: TestSocket, event: string, match: (p: UserEvent) => boolean) {
  for (let waited = 0; waited < 5000; waited += 25) {
    const found = (socket.received(event) as UserEvent[]).find(match);
    if (found) return found;
    await pause(25);
  }
  throw new Error(`no matching ${event}`);
}

let sequence = 0;
const newUser = () => ({
  name: 'Evented',
  email: `evented-${process.pid}-${Date.now()}-${++sequence}@example.com`,
  password: 'secret1',
});

describe('company-{id}-user events', () => {
  it("tells the company about a new, changed and deleted user, never another company's sockets", async () => {
    const a = await buildAdminSession(server);
    const b = await buildAdminSession(server);
    const socketA = await connect(a.token);
    const socketB = await connect(b.token);
    const event = `company-${a.company.id}-user`;

    const created = await server.call('POST', '/users', { token: a.token, body: newUser() });
    const id = created.body.id as number;
    const onCreate = await eventMatching(socketA, event, (p) => p.action === 'create' && p.user?.id === id);
    expect(onCreate.user).toEqual(created.body);
    expect(onCreate.user).not.toHaveProperty('passwordHash');

    const updated = await server.call('PUT', `/users/${id}`, {
      token: a.token,
      body: { name: 'Evented Again' },
    });
    const onUpdate = await eventMatching(
      socketA,
      event,
      (p) => p.action === 'update' && p.user?.name === 'Evented Again',
    );
    expect(onUpdate.user).toEqual(updated.body);

    await server.call('DELETE', `/users/${id}`, { token: a.token });
    expect(await eventMatching(socketA, event, (p) => p.action === 'delete')).toEqual({
      action: 'delete',
      userId: id,
    });

    await pause(100);
    expect(socketB.events.filter((e) => e.event.startsWith(`company-${a.company.id}-`))).toEqual([]);
  });

  it('sends nothing when a change is refused', async () => {
    const a = await buildAdminSession(server);
    const socketA = await connect(a.token);
    const refused = await server.call('POST', '/users', {
      token: a.token,
      body: { ...newUser(), name: 'A' },
    });
    expect(refused.status).toBe(400);
    await pause(150);
    expect(
      (socketA.received(`company-${a.company.id}-user`) as UserEvent[]).filter((p) => p.action === 'create'),
    ).toEqual([]);
  });

  it('announces a language change as an update of the user', async () => {
    const a = await buildAdminSession(server);
    const socketA = await connect(a.token);
    await server.call('POST', '/users/set-language/pt', { token: a.token });
    const onUpdate = await eventMatching(
      socketA,
      `company-${a.company.id}-user`,
      (p) => p.action === 'update' && p.user?.language === 'pt',
    );
    expect(onUpdate.user?.id).toBe(a.admin.id);
  });

  it("tells the open lists that a deleted user's open tickets left them", async () => {
    const a = await buildAdminSession(server);
    const created = await server.call('POST', '/users', { token: a.token, body: newUser() });
    const ticketId = await server.ctx.scopes.tenant(a.company.id).run(async (tx) => {
      const contact = await tx
        .insertInto('contacts')
        .values({ companyId: a.company.id, name: 'Customer', number: `55119${Date.now() % 1e7}` })
        .returning('id')
        .executeTakeFirstOrThrow();
      const ticket = await tx
        .insertInto('tickets')
        .values({ companyId: a.company.id, contactId: contact.id, userId: created.body.id, status: 'open' })
        .returning('id')
        .executeTakeFirstOrThrow();
      return ticket.id;
    });
    const socketA = await connect(a.token);
    socketA.socket.emit('joinTickets', 'open');
    await pause(100);
    await server.call('DELETE', `/users/${created.body.id}`, { token: a.token });
    expect(await socketA.waitFor(`company-${a.company.id}-ticket`)).toEqual({ action: 'delete', ticketId });
  });

  it('sends the whole user, online, when a user connects', async () => {
    const a = await buildAdminSession(server);
    const observer = await connect(a.token);
    const user = await buildUser(server, a.company, { profile: 'user' });
    const session = await login(server, user);
    await server.ctx.scopes
      .tenant(a.company.id)
      .run((tx) => tx.updateTable('users').set({ online: false }).where('id', '=', user.id).execute());
    await connect(session.token);
    const onConnect = await eventMatching(
      observer,
      `company-${a.company.id}-user`,
      (p) => p.action === 'update' && p.user?.id === user.id,
    );
    const shown = await server.call('GET', `/users/${user.id}`, { token: a.token });
    expect(onConnect.user).toEqual({ ...shown.body, online: true });
  });
});
