import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildAdminSession, buildCompany, buildUser, login } from '../../../test/factories';
import { connectSocket, refusedHandshake, type TestSocket } from '../../../test/socket-client';
import { ROTATION_RACE_SECONDS } from './refresh-rotation.repository';

// Two nodes on one database: A holds the browsers' sockets, B only serves the API (issue 16: across nodes).
let nodeA: TestServer;
let nodeB: TestServer;
let baseA: string;
const open: TestSocket[] = [];
beforeAll(async () => {
  nodeA = await startTestServer({ ROLES: 'api,realtime', REALTIME_FANOUT: 'postgres' });
  nodeB = await startTestServer({ ROLES: 'api', REALTIME_FANOUT: 'postgres' });
  baseA = await nodeA.listen();
});
afterEach(() => open.splice(0).forEach((socket) => socket.close()));
afterAll(async () => {
  await nodeB.close();
  await nodeA.close();
});

const refresh = (cookie: string) =>
  nodeA.call('POST', '/auth/refresh_token', { headers: { cookie: `jrt=${cookie}` } });
const cookieOf = (answer: Awaited<ReturnType<typeof refresh>>) =>
  answer.response.cookies.find((c) => c.name === 'jrt')?.value ?? '';

/** Moves the user's last rotation back in time, past the window where a racing tab is forgiven. */
async function ageLastRotation(companyId: number, userId: number): Promise<void> {
  await nodeA.ctx.scopes.tenant(companyId).run((tx) =>
    tx
      .updateTable('users')
      .set({ refreshRotatedAt: new Date(Date.now() - (ROTATION_RACE_SECONDS + 5) * 1000) })
      .where('id', '=', userId)
      .execute(),
  );
}

async function connect(token: string): Promise<TestSocket> {
  const socket = await connectSocket(baseA, token);
  open.push(socket);
  return socket;
}

function closed(socket: TestSocket): Promise<string> {
  if (!socket.socket.connected) return Promise.resolve('already closed');
  return new Promise((resolve) => socket.socket.once('disconnect', (reason) => resolve(String(reason))));
}

describe('refresh-token rotation', () => {
  it('refuses a refresh token once it was rotated, and a replay later ends the whole session', async () => {
    const { company, admin, session } = await buildAdminSession(nodeA);
    const first = await refresh(session.refreshCookie);
    expect(first.status).toBe(200);
    const second = cookieOf(first);

    // A moment later, as a tab that lost the race: refused, but the session goes on.
    const racing = await refresh(session.refreshCookie);
    expect(racing.status).toBe(401);
    expect(racing.body).toMatchObject({ error: 'ERR_SESSION_EXPIRED', raced: true });
    expect(racing.response.cookies.find((c) => c.name === 'jrt')).toBeUndefined();
    const third = await refresh(second);
    expect(third.status).toBe(200);
    const newest = cookieOf(third);
    const socket = await connect(third.body.token);

    // Later, the same old token again: someone kept a copy. Refused, and the session is over everywhere.
    await ageLastRotation(company.id, admin.id);
    const replay = await refresh(session.refreshCookie);
    expect(replay.status).toBe(401);
    expect(await closed(socket)).toBe('io server disconnect');
    expect((await refresh(newest)).status).toBe(401);
    expect((await nodeA.call('GET', '/auth/me', { token: third.body.token })).status).toBe(401);
  });

  it('answers a revoked token exactly as a deleted user', async () => {
    const { token: adminToken, company } = await buildAdminSession(nodeA);
    const revokedUser = await buildUser(nodeA, company, { profile: 'user' });
    const revoked = (await login(nodeA, revokedUser)).token;
    await login(nodeA, revokedUser);
    const goneUser = await buildUser(nodeA, company, { profile: 'user' });
    const gone = (await login(nodeA, goneUser)).token;
    expect((await nodeA.call('DELETE', `/users/${goneUser.id}`, { token: adminToken })).status).toBe(200);

    const answers = await Promise.all(
      [revoked, gone].map(async (token) => {
        const { status, body } = await nodeA.call('GET', '/auth/me', { token });
        return { status, body };
      }),
    );
    expect(answers[0]).toEqual({
      status: 401,
      body: { error: 'ERR_SESSION_EXPIRED', message: 'Session ended' },
    });
    expect(answers[1]).toEqual(answers[0]);
    const refusals = await Promise.all([revoked, gone].map((token) => refusedHandshake(baseA, token)));
    expect(refusals.map((e) => [e.message, e.data])).toEqual([
      ['ERR_SESSION_EXPIRED', { reason: 'session ended' }],
      ['ERR_SESSION_EXPIRED', { reason: 'session ended' }],
    ]);
  });
});

describe("a user's sockets close at once, on every node", () => {
  it('on logout (through another node), and the old token cannot reconnect', async () => {
    const { token } = await buildAdminSession(nodeA);
    const socket = await connect(token);
    const gone = closed(socket);
    expect((await nodeB.call('DELETE', '/auth/logout', { token })).status).toBe(200);
    expect(await gone).toBe('io server disconnect');
    expect((await refusedHandshake(baseA, token)).message).toBe('ERR_SESSION_EXPIRED');
  });

  it('on a password change, a profile change and deletion, leaving everyone else connected', async () => {
    const { token: adminToken, company } = await buildAdminSession(nodeA);
    const bystander = await connect(adminToken);
    const changes: Array<(userId: number) => Promise<number>> = [
      async (id) =>
        (await nodeB.call('PUT', `/users/${id}`, { token: adminToken, body: { password: 'another-secret' } }))
          .status,
      async (id) =>
        (await nodeB.call('PUT', `/users/${id}`, { token: adminToken, body: { profile: 'supervisor' } }))
          .status,
      async (id) => (await nodeB.call('DELETE', `/users/${id}`, { token: adminToken })).status,
    ];
    for (const change of changes) {
      const user = await buildUser(nodeA, company, { profile: 'user' });
      const socket = await connect((await login(nodeA, user)).token);
      const gone = closed(socket);
      expect(await change(user.id)).toBe(200);
      expect(await gone).toBe('io server disconnect');
    }
    expect(bystander.socket.connected).toBe(true);
  });

  it("leaves another company's users alone", async () => {
    const company = await buildCompany(nodeA);
    const other = await buildAdminSession(nodeA);
    const user = await buildUser(nodeA, company);
    const { token } = await login(nodeA, user);
    const stays = await connect(other.token);
    await nodeB.call('DELETE', '/auth/logout', { token });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stays.socket.connected).toBe(true);
  });
});
