import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildAdminSession, buildUser, type BuiltCompany } from '../../../test/factories';
import { connectSocket, pause, type TestSocket } from '../../../test/socket-client';
import { PRESENCE_SWEEP_JOB, sweepStalePresence } from '.';

let server: TestServer;
let base: string;
const open: TestSocket[] = [];
beforeAll(async () => {
  server = await startTestServer();
  base = await server.listen();
});
afterEach(() => open.splice(0).forEach((s) => s.close()));
afterAll(() => server.close());

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

async function buildPresentUser(company: BuiltCompany, lastSeenAt: Date) {
  const user = await buildUser(server, company, { profile: 'user' });
  await server.ctx.scopes
    .tenant(company.id)
    .run((tx) =>
      tx.updateTable('users').set({ online: true, lastSeenAt }).where('id', '=', user.id).execute(),
    );
  return user;
}

const onlineOf = (company: BuiltCompany, userId: number) =>
  server.ctx.scopes.tenant(company.id).run(async (tx) => {
    const row = await tx
      .selectFrom('users')
      .where('id', '=', userId)
      .select('online')
      .executeTakeFirstOrThrow();
    return row.online;
  });

/** An admin socket of the company: the user events it receives after the admin's own connect. */
async function watchCompany(token: string): Promise<TestSocket> {
  const socket = await connectSocket(base, token);
  open.push(socket);
  socket.events.splice(0);
  return socket;
}

describe('presence sweep', () => {
  it('marks users unseen for 5 minutes offline and tells only their own company', async () => {
    const a = await buildAdminSession(server);
    const b = await buildAdminSession(server);
    // Seen 4 minutes ago and swept with a clock 90 s ahead: stale for the sweep, while other test
    // servers' real-time sweeps leave these rows alone.
    const gone = await buildPresentUser(a.company, minutesAgo(4));
    const here = await buildPresentUser(a.company, minutesAgo(1));
    const goneInB = await buildPresentUser(b.company, minutesAgo(4.5));
    const watchA = await watchCompany(a.token);
    const watchB = await watchCompany(b.token);

    const swept = await sweepStalePresence(server.ctx, new Date(Date.now() + 90_000));

    expect(swept).toBeGreaterThanOrEqual(2);
    expect(await onlineOf(a.company, gone.id)).toBe(false);
    expect(await onlineOf(a.company, here.id)).toBe(true);
    expect(await onlineOf(b.company, goneInB.id)).toBe(false);
    await pause(200);
    expect(watchA.received(`company-${a.company.id}-user`)).toEqual([
      {
        action: 'update',
        user: expect.objectContaining({ id: gone.id, email: gone.email, online: false, queues: [] }),
      },
    ]);
    expect(watchB.received(`company-${b.company.id}-user`)).toEqual([
      { action: 'update', user: expect.objectContaining({ id: goneInB.id, online: false }) },
    ]);
    expect(watchB.events.filter((e) => e.event.startsWith(`company-${a.company.id}-`))).toEqual([]);
  });

  it('leaves users offline already alone and sends nothing for them', async () => {
    const a = await buildAdminSession(server);
    const user = await buildUser(server, a.company, { profile: 'user' });
    await server.ctx.scopes.tenant(a.company.id).run((tx) =>
      tx
        .updateTable('users')
        .set({ online: false, lastSeenAt: minutesAgo(4) })
        .where('id', '=', user.id)
        .execute(),
    );
    const watch = await watchCompany(a.token);

    await sweepStalePresence(server.ctx, new Date(Date.now() + 90_000));

    await pause(200);
    expect(watch.received(`company-${a.company.id}-user`)).toEqual([]);
  });

  it('runs as the presence job on a worker node', async () => {
    const id = await server.ctx.jobs.send(PRESENCE_SWEEP_JOB, {});
    expect(id).toBeTruthy();
    await vi.waitFor(
      async () => expect(await server.ctx.jobs.state(PRESENCE_SWEEP_JOB, id ?? '')).toBe('completed'),
      {
        timeout: 10_000,
      },
    );
  });
});
