import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rooms } from '@zapdesk/contracts';
import { TokenService } from '../auth/tokens';
import { startTestServer, type TestServer } from '../../../test/harness';
import {
  buildAdminSession,
  buildCompany,
  buildUser,
  login,
  type BuiltCompany,
} from '../../../test/factories';
import { connectSocket, pause, refusedHandshake, type TestSocket } from '../../../test/socket-client';

const FRONTEND_URL = 'http://app.zapdesk.test';

let server: TestServer;
let base: string;
const open: TestSocket[] = [];

beforeAll(async () => {
  server = await startTestServer({ FRONTEND_URL });
  base = await server.listen();
});
afterEach(() => open.splice(0).forEach((s) => s.close()));
afterAll(() => server.close());

async function connect(token: string, headers?: Record<string, string>): Promise<TestSocket> {
  const socket = await connectSocket(base, token, { headers });
  open.push(socket);
  return socket;
}

async function buildQueue(company: BuiltCompany, name: string): Promise<number> {
  const row = await server.ctx.scopes.tenant(company.id).run((tx) =>
    tx
      .insertInto('queues')
      .values({ companyId: company.id, name, color: `#${Math.floor(Math.random() * 0xffffff).toString(16)}` })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  return row.id;
}

async function buildUserWithQueues(
  company: BuiltCompany,
  queueIds: number[],
  allTicket: 'enabled' | 'desabled',
) {
  const user = await buildUser(server, company, { profile: 'user', allTicket });
  await server.ctx.scopes.tenant(company.id).run((tx) =>
    tx
      .insertInto('userQueues')
      .values(queueIds.map((queueId) => ({ companyId: company.id, userId: user.id, queueId })))
      .execute(),
  );
  return { user, session: await login(server, user) };
}

/**
 * Emits a probe to each room, then a barrier to the user's own room: events on one socket arrive in
 * order, so once the barrier is in, every probe the socket was meant to get is in too.
 */
async function roomsReached(socket: TestSocket, companyId: number, userId: number, candidates: string[]) {
  const before = socket.events.length;
  for (const room of candidates) server.ctx.realtime.emitToRooms(companyId, [room], 'probe', { room });
  server.ctx.realtime.emitToRooms(companyId, [rooms.user(userId)], 'barrier', {});
  await socket.waitFor(`company-${companyId}-barrier`);
  return socket.events
    .slice(before)
    .filter((e) => e.event === `company-${companyId}-probe`)
    .map((e) => (e.payload as { room: string }).room)
    .sort();
}

describe('handshake', () => {
  it('refuses an expired, a malformed, a foreign-signed or a revoked token', async () => {
    const company = await buildCompany(server);
    const user = await buildUser(server, company);
    const first = await login(server, user);
    const claims = { id: user.id, companyId: company.id, profile: 'admin', tokenVersion: 1 };
    const expired = new TokenService(server.ctx.config.jwtSecret, 'x'.repeat(20), -10).signAccess(claims);
    const foreign = new TokenService('another-secret-of-16+', 'x'.repeat(20)).signAccess(claims);
    await login(server, user); // bumps the token version: the first token is revoked

    for (const token of [expired, 'garbage', '', foreign, first.token]) {
      const error = await refusedHandshake(base, token);
      expect(error.message).toBe('ERR_SESSION_EXPIRED');
    }
  });

  it('refuses users of an inactive or an expired company', async () => {
    for (const [options, code] of [
      [{ status: false }, 'ERR_COMPANY_INACTIVE'],
      [{ dueDate: '2020-01-01' }, 'ERR_SUBSCRIPTION_EXPIRED'],
    ] as const) {
      const company = await buildCompany(server, options);
      const user = await buildUser(server, company);
      const token = server.ctx.tokens.signAccess({
        id: user.id,
        companyId: company.id,
        profile: 'admin',
        tokenVersion: 0,
      });
      expect((await refusedHandshake(base, token)).message).toBe(code);
    }
  });

  it('refuses a browser of a foreign origin and accepts the web app', async () => {
    const { token } = await buildAdminSession(server);
    await expect(
      refusedHandshake(base, token, { headers: { Origin: 'http://evil.example' } }),
    ).resolves.toBeInstanceOf(Error);
    await expect(refusedHandshake(base, token, { headers: { Origin: 'null' } })).resolves.toBeInstanceOf(
      Error,
    );
    const accepted = await connect(token, { Origin: FRONTEND_URL });
    expect(accepted.socket.connected).toBe(true);
  });

  it('marks the user online, tells the company, then emits ready', async () => {
    const { company, token } = await buildAdminSession(server);
    const observer = await connect(token);
    const user = await buildUser(server, company, { profile: 'user' });
    const { token: userToken } = await login(server, user);
    await server.ctx.scopes
      .tenant(company.id)
      .run((tx) => tx.updateTable('users').set({ online: false }).where('id', '=', user.id).execute());

    const socket = await connect(userToken);

    const names = socket.events.map((e) => e.event);
    expect(names).toContain('ready');
    expect(names.indexOf(`company-${company.id}-user`)).toBeLessThan(names.indexOf('ready'));
    expect(await observer.waitFor(`company-${company.id}-user`)).toMatchObject({
      action: 'update',
      user: { id: user.id, online: true },
    });
    const row = await server.ctx.scopes
      .tenant(company.id)
      .run((tx) =>
        tx.selectFrom('users').where('id', '=', user.id).select('online').executeTakeFirstOrThrow(),
      );
    expect(row.online).toBe(true);
  });
});

describe('isolation', () => {
  it('never delivers a company A event to a socket of company B', async () => {
    const a = await buildAdminSession(server);
    const b = await buildAdminSession(server);
    const socketA = await connect(a.token);
    const socketB = await connect(b.token);

    const answer = await server.call('PUT', '/settings/userRating', {
      token: a.token,
      body: { value: 'enabled' },
    });
    expect(answer.status).toBe(200);

    expect(await socketA.waitFor(`company-${a.company.id}-settings`)).toMatchObject({
      action: 'update',
      setting: { key: 'userRating', value: 'enabled' },
    });
    await pause(300);
    expect(socketB.events.filter((e) => e.event.includes(`company-${a.company.id}-`))).toEqual([]);
    expect(socketB.received(`company-${b.company.id}-settings`)).toEqual([]);
  });
});

describe('same-user login', () => {
  it("tells the user's first session, and only it, that the user logged in again", async () => {
    const company = await buildCompany(server);
    const user = await buildUser(server, company, { profile: 'user' });
    const colleague = await buildUser(server, company, { profile: 'user' });
    const first = await connect((await login(server, user)).token);
    const other = await connect((await login(server, colleague)).token);

    await login(server, user);

    expect(await first.waitFor(`company-${company.id}-auth`)).toEqual({
      action: 'update',
      user: { id: user.id, email: user.email, companyId: company.id },
    });
    await pause(200);
    expect(other.received(`company-${company.id}-auth`)).toEqual([]);
  });
});

describe('rooms', () => {
  it('puts an admin in the company notification and status rooms', async () => {
    const { company, admin, token } = await buildAdminSession(server);
    const queue = await buildQueue(company, 'Sales');
    const socket = await connect(token);
    await socket.socket.emitWithAck('joinNotification');
    await socket.socket.emitWithAck('joinTickets', 'open');
    await socket.socket.emitWithAck('joinTickets', 'pending');

    const reached = await roomsReached(socket, company.id, admin.id, [
      rooms.companyNotification(company.id),
      rooms.companyStatus(company.id, 'open'),
      rooms.companyStatus(company.id, 'pending'),
      rooms.companyStatus(company.id, 'closed'),
      rooms.queueNotification(queue),
      rooms.queueStatus(queue, 'pending'),
      rooms.queueNullNotification(company.id),
    ]);
    expect(reached).toEqual(
      [
        rooms.companyNotification(company.id),
        rooms.companyStatus(company.id, 'open'),
        rooms.companyStatus(company.id, 'pending'),
      ].sort(),
    );
  });

  it("puts a user in their queues' rooms, the no-queue rooms only with allTicket, and pending only", async () => {
    const company = await buildCompany(server);
    const [q1, q2, q3] = [
      await buildQueue(company, 'One'),
      await buildQueue(company, 'Two'),
      await buildQueue(company, 'Three'),
    ];
    const candidates = [
      rooms.companyNotification(company.id),
      rooms.companyStatus(company.id, 'open'),
      rooms.companyStatus(company.id, 'pending'),
      rooms.queueNullNotification(company.id),
      rooms.queueNullStatus(company.id, 'pending'),
      ...[q1, q2, q3].flatMap((q) => [
        rooms.queueNotification(q),
        rooms.queueStatus(q, 'pending'),
        rooms.queueStatus(q, 'open'),
      ]),
    ];

    const all = await buildUserWithQueues(company, [q1, q2], 'enabled');
    const allSocket = await connect(all.session.token);
    for (const [event, arg] of [['joinNotification'], ['joinTickets', 'pending'], ['joinTickets', 'open']]) {
      await allSocket.socket.emitWithAck(event, ...(arg ? [arg] : []));
    }
    expect(await roomsReached(allSocket, company.id, all.user.id, candidates)).toEqual(
      [
        rooms.queueNotification(q1),
        rooms.queueNotification(q2),
        rooms.queueNullNotification(company.id),
        rooms.queueStatus(q1, 'pending'),
        rooms.queueStatus(q2, 'pending'),
        rooms.queueNullStatus(company.id, 'pending'),
      ].sort(),
    );

    const own = await buildUserWithQueues(company, [q3], 'desabled');
    const ownSocket = await connect(own.session.token);
    await ownSocket.socket.emitWithAck('joinNotification');
    await ownSocket.socket.emitWithAck('joinTickets', 'pending');
    expect(await roomsReached(ownSocket, company.id, own.user.id, candidates)).toEqual(
      [rooms.queueNotification(q3), rooms.queueStatus(q3, 'pending')].sort(),
    );
  });

  it('leaves a room only when its last join is undone', async () => {
    const { company, admin, token } = await buildAdminSession(server);
    const socket = await connect(token);
    const room = rooms.companyNotification(company.id);
    await socket.socket.emitWithAck('joinNotification');
    await socket.socket.emitWithAck('joinNotification');
    await socket.socket.emitWithAck('leaveNotification');
    expect(await roomsReached(socket, company.id, admin.id, [room])).toEqual([room]);
    await socket.socket.emitWithAck('leaveNotification');
    expect(await roomsReached(socket, company.id, admin.id, [room])).toEqual([]);
  });

  it('ignores joinChatBox for a ticket nobody vouched for', async () => {
    const { company, admin, token } = await buildAdminSession(server);
    const socket = await connect(token);
    await socket.socket.emitWithAck('joinChatBox', 424242);
    expect(await roomsReached(socket, company.id, admin.id, [rooms.ticket(424242)])).toEqual([]);
  });
});

describe('userStatus', () => {
  it('marks the user online and seen now, and tells the company', async () => {
    const { company, token } = await buildAdminSession(server);
    const observer = await connect(token);
    const user = await buildUser(server, company, { profile: 'user' });
    const socket = await connect((await login(server, user)).token);
    const stale = new Date(Date.now() - 10 * 60_000);
    await server.ctx.scopes
      .tenant(company.id)
      .run((tx) =>
        tx.updateTable('users').set({ online: false, lastSeenAt: stale }).where('id', '=', user.id).execute(),
      );
    const seenBefore = observer.received(`company-${company.id}-user`).length;

    await socket.socket.emitWithAck('userStatus');

    const row = await server.ctx.scopes
      .tenant(company.id)
      .run((tx) =>
        tx
          .selectFrom('users')
          .where('id', '=', user.id)
          .select(['online', 'lastSeenAt'])
          .executeTakeFirstOrThrow(),
      );
    expect(row.online).toBe(true);
    expect(row.lastSeenAt?.getTime()).toBeGreaterThan(Date.now() - 60_000);
    await pause(100);
    expect(observer.received(`company-${company.id}-user`).slice(seenBefore)).toContainEqual(
      expect.objectContaining({
        action: 'update',
        user: expect.objectContaining({ id: user.id, online: true }),
      }),
    );
  });
});

describe('revocation', () => {
  it('closes every socket of a user whose credentials were revoked, and only theirs', async () => {
    const { company, token } = await buildAdminSession(server);
    const bystander = await connect(token);
    const user = await buildUser(server, company, { profile: 'user' });
    const socket = await connect((await login(server, user)).token);
    const closed = new Promise((resolve) => socket.socket.once('disconnect', resolve));

    server.ctx.realtime.disconnectUser(user.id);

    await expect(closed).resolves.toBe('io server disconnect');
    expect(bystander.socket.connected).toBe(true);
  });
});
