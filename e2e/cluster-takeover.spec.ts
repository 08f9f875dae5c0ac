// Two real server processes on one database: each connection's session lives on exactly one of them, and when
// that process dies (SIGKILL: no shutdown, no lease released) the other takes the session over within the lease
// time and serves the customer. A third process only lends its embedded PostgreSQL (api role, no sessions).
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callServer as call, repoRoot, startServer, type StartedServer } from './support/server';

const LEASE_MS = 2000;
const logDir = path.join(repoRoot, 'test-results');
let database: StartedServer;
const nodes = new Map<string, StartedServer>();
let pool: pg.Pool;

beforeAll(async () => {
  database = await startServer({
    name: 'zapdesk-cluster-db',
    logFile: path.join(logDir, 'cluster-db.log'),
    env: { ROLES: 'api', SESSIONS_AUTOSTART: 'off' },
  });
  for (const name of ['node-1', 'node-2']) {
    nodes.set(
      name,
      await startServer({
        name: `zapdesk-cluster-${name}`,
        logFile: path.join(logDir, `cluster-${name}.log`),
        env: {
          DATABASE_URL: database.databaseUrl,
          NODE_ID: name,
          SESSION_LEASE_MS: String(LEASE_MS),
          SIMULATOR_QR_MS: '60000',
          SIMULATOR_ACK_MS: '50,100',
          REALTIME_FANOUT: 'postgres',
        },
      }),
    );
  }
  pool = new pg.Pool({ connectionString: database.databaseUrl, max: 2 });
});
afterAll(async () => {
  await pool?.end();
  for (const node of nodes.values()) await node.stop();
  await database?.stop();
});

function node(name: string): StartedServer {
  const found = nodes.get(name);
  if (!found) throw new Error(`no ${name}`);
  return found;
}

async function login(server: StartedServer): Promise<string> {
  const answer = await fetch(`${server.baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@admin.com', password: '123456' }),
  });
  return ((await answer.json()) as { token: string }).token;
}

/** Live lease holders of the connections, by connection id. */
async function owners(ids: number[]): Promise<Map<number, string>> {
  const { rows } = await pool.query<{ resource: string; owner: string }>(
    `select resource, owner from leases where resource = any($1) and expires_at > now()`,
    [ids.map((id) => `whatsapp:${id}`)],
  );
  return new Map(rows.map((r) => [Number(r.resource.split(':')[1]), r.owner]));
}

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 20_000) {
  const began = Date.now();
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined && value !== false) return value;
    if (Date.now() - began > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('two server processes on one database', () => {
  it('runs each connection on exactly one process; when it dies, the other takes over within the lease time', async () => {
    const token = await login(node('node-1'));
    const ids: number[] = [];
    for (const name of ['Cluster A', 'Cluster B']) {
      const created = await call<{ id: number }>(node('node-1'), token, 'POST', '/whatsapp', {
        name: `${name} ${Date.now()}`,
        provider: 'simulator',
      });
      ids.push(created.id);
    }
    const [paired = 0] = ids;
    await until('a QR code', async () => {
      const c = await call<{ status: string }>(node('node-2'), token, 'GET', `/whatsapp/${paired}`);
      return c.status === 'qrcode';
    });
    await call(node('node-2'), token, 'POST', `/simulator/connections/${paired}/scan`);
    await until('CONNECTED', async () => {
      const c = await call<{ status: string }>(node('node-2'), token, 'GET', `/whatsapp/${paired}`);
      return c.status === 'CONNECTED';
    });

    // One live lease per connection, held by one of the two processes, and it stays put.
    const before = await until('both leased', async () => {
      const held = await owners(ids);
      return held.size === 2 ? held : undefined;
    });
    await new Promise((resolve) => setTimeout(resolve, LEASE_MS * 1.5));
    expect(await owners(ids)).toEqual(before);
    const dying = before.get(paired) ?? '';
    const survivor = dying === 'node-1' ? 'node-2' : 'node-1';
    expect(['node-1', 'node-2']).toContain(dying);

    const crashedAt = Date.now();
    await node(dying).crash();
    nodes.delete(dying);
    await until('the survivor holds every lease', async () => {
      const held = await owners(ids);
      return ids.every((id) => held.get(id) === survivor);
    });
    const tookMs = Date.now() - crashedAt;
    expect(tookMs).toBeGreaterThan(LEASE_MS / 3);
    expect(tookMs).toBeLessThan(LEASE_MS + 3000);

    // The paired session reconnects by itself on the survivor, and serves the customer there.
    const live = node(survivor);
    const liveToken = await login(live);
    await until('CONNECTED on the survivor', async () => {
      const c = await call<{ status: string }>(live, liveToken, 'GET', `/whatsapp/${paired}`);
      return c.status === 'CONNECTED';
    });
    const customer = `55119${String(Date.now()).slice(-8)}`;
    await call(live, liveToken, 'POST', `/simulator/connections/${paired}/inbound`, {
      from: customer,
      body: 'Ainda tem alguém aí?',
    });
    const ticketId = await until('the ticket', async () => {
      const { rows } = await pool.query<{ id: number }>(
        `select t.id from tickets t join contacts c on c.id = t.contact_id
          where c.number = $1 and t.whatsapp_id = $2`,
        [customer, paired],
      );
      return rows[0]?.id;
    });
    await call(live, liveToken, 'POST', `/messages/${ticketId}`, { body: 'Sim, estamos aqui' });
    const received = await until('the reply on the phone', async () => {
      const outbox = await call<Array<{ body: string; ack: number }>>(
        live,
        liveToken,
        'GET',
        `/simulator/connections/${paired}/outbox?to=${customer}`,
      );
      return outbox.find((m) => m.body === 'Sim, estamos aqui' && m.ack >= 3);
    });
    expect(received.ack).toBe(3);
  });
});
