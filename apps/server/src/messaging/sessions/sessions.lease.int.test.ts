import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdminSession } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { createPrivateDatabase, type PrivateDatabase } from '../../../test/private-database';
import { pause } from '../../../test/socket-client';

// Several nodes on one database of their own: with autostart they sweep every company there.
const LEASE_MS = 1200;
const nodeEnv = (nodeId: string) => ({
  NODE_ID: nodeId,
  SESSIONS_AUTOSTART: 'on',
  SESSION_LEASE_MS: String(LEASE_MS),
  SIMULATOR_QR_MS: '60000',
});

let database: PrivateDatabase;
const started: TestServer[] = [];
let a: TestServer;
let b: TestServer;

async function node(nodeId: string): Promise<TestServer> {
  const server = await startTestServer(nodeEnv(nodeId), { url: database.url });
  await server.listen();
  started.push(server);
  return server;
}

beforeAll(async () => {
  database = await createPrivateDatabase();
  a = await node('node-a');
  b = await node('node-b');
});
afterAll(async () => {
  for (const server of started) await server.close().catch(() => undefined);
  await database?.drop();
});

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 8000) {
  const began = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() - began > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await pause(25);
  }
}

const owners = (servers: TestServer[], id: number) =>
  servers.filter((s) => s.messaging.sessions.local(id) !== undefined).map((s) => s.ctx.config.nodeId);

async function connection(server: TestServer, token: string, id: number) {
  return (await server.call('GET', `/whatsapp/${id}`, { token })).body as { status: string; qrcode: string };
}

async function createSim(server: TestServer, token: string, name: string): Promise<number> {
  const answer = await server.call('POST', '/whatsapp', { token, body: { name, provider: 'simulator' } });
  expect(answer.status).toBe(200);
  return answer.body.id;
}

describe('session leases across nodes', () => {
  it('runs each connection on exactly one node and carries commands to its owner', async () => {
    const { token } = await buildAdminSession(a);
    const onA = await createSim(a, token, 'Made on A');
    const onB = await createSim(b, token, 'Made on B');
    expect(owners([a, b], onA)).toEqual(['node-a']);
    expect(owners([a, b], onB)).toEqual(['node-b']);

    // B handles the scan and the customer's message, A's session acts on them.
    await until('qrcode on A', async () => (await connection(b, token, onA)).status === 'qrcode');
    expect((await b.call('POST', `/simulator/connections/${onA}/scan`, { token })).status).toBe(200);
    await until('CONNECTED', async () => (await connection(b, token, onA)).status === 'CONNECTED');
    const played = await b.call('POST', `/simulator/connections/${onA}/inbound`, {
      token,
      body: { from: '5511977776666', body: 'Hello from across the cluster' },
    });
    expect(played.status).toBe(200);
    const stored = await until('the message in the pipeline', () =>
      a.ctx.scopes.asSystem((tx) =>
        tx.db
          .selectFrom('inboundEvents')
          .where('whatsappId', '=', onA)
          .where('eventId', '=', played.body.externalId)
          .select('eventId')
          .executeTakeFirst(),
      ),
    );
    expect(stored.eventId).toBe(played.body.externalId);

    // A refresh asked on A reaches B's session: the pairing is gone and a first QR code shows.
    await until('qrcode on B', async () => (await connection(a, token, onB)).status === 'qrcode');
    await a.call('POST', `/simulator/connections/${onB}/scan`, { token });
    await until('B connected', async () => (await connection(a, token, onB)).status === 'CONNECTED');
    expect((await a.call('PUT', `/whatsappsession/${onB}`, { token })).status).toBe(200);
    await until('new QR', async () => (await connection(a, token, onB)).qrcode === `zapdesk-sim:${onB}:1`);

    // Several heartbeats later nothing has moved.
    await pause(LEASE_MS * 2);
    expect(owners([a, b], onA)).toEqual(['node-a']);
    expect(owners([a, b], onB)).toEqual(['node-b']);
  });

  it("takes over a crashed node's sessions within the lease time, paired ones reconnecting by themselves", async () => {
    const c = await node('node-c');
    const { token } = await buildAdminSession(c);
    const paired = await createSim(c, token, 'Paired on C');
    const waiting = await createSim(c, token, 'Waiting on C');
    await until('qrcode', async () => (await connection(c, token, paired)).status === 'qrcode');
    await c.call('POST', `/simulator/connections/${paired}/scan`, { token });
    await until('CONNECTED', async () => (await connection(c, token, paired)).status === 'CONNECTED');

    // A crash: the heartbeat stops and the leases stay until they expire.
    const crashedAt = Date.now();
    await c.messaging.sessions.stop({ keepLeases: true });
    expect(owners([a, b], paired)).toEqual([]);

    await until(
      'a new owner for both',
      () => owners([a, b], paired).length === 1 && owners([a, b], waiting).length === 1,
    );
    const tookMs = Date.now() - crashedAt;
    expect(tookMs).toBeGreaterThan(LEASE_MS / 2);
    expect(tookMs).toBeLessThan(LEASE_MS + 2000);
    await until(
      'reconnected without a scan',
      async () => (await connection(a, token, paired)).status === 'CONNECTED',
    );
    await until('a QR code again', async () => (await connection(a, token, waiting)).status === 'qrcode');
    const leases = await a.ctx.scopes.asSystem((tx) =>
      tx.db
        .selectFrom('leases')
        .where('resource', 'in', [`whatsapp:${paired}`, `whatsapp:${waiting}`])
        .select('owner')
        .execute(),
    );
    expect(leases.map((l) => l.owner).every((o) => o === 'node-a' || o === 'node-b')).toBe(true);
  });

  it('hands sessions over at once when a node stops cleanly, and closes a session whose lease was taken', async () => {
    const d = await node('node-d');
    const { token } = await buildAdminSession(d);
    const id = await createSim(d, token, 'Leaving with D');
    expect(owners([a, b, d], id)).toEqual(['node-d']);

    await d.messaging.sessions.stop();
    const released = await a.ctx.scopes.asSystem((tx) =>
      tx.db.selectFrom('leases').where('resource', '=', `whatsapp:${id}`).selectAll().execute(),
    );
    expect(released.filter((l) => l.owner === 'node-d')).toEqual([]);
    await until('taken over', () => owners([a, b], id).length === 1);
    await d.close();

    const [owner] = [a, b].filter((s) => s.messaging.sessions.local(id));
    if (!owner) throw new Error('no owner');
    await owner.ctx.scopes.asSystem((tx) =>
      tx.db
        .updateTable('leases')
        .set({ owner: 'intruder', expiresAt: new Date(Date.now() + 60_000) })
        .where('resource', '=', `whatsapp:${id}`)
        .execute(),
    );
    await until(
      'closed by the heartbeat',
      () => owner.messaging.sessions.local(id) === undefined,
      LEASE_MS * 2,
    );
    await pause(LEASE_MS);
    expect(owners([a, b], id)).toEqual([]);
  });
});
