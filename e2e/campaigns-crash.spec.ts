// A campaign survives its dispatcher's death (issue 19): two server processes on one database both run the
// campaign engine; the one dispatching is killed (SIGKILL: no shutdown, no lease released) mid-campaign, the
// other takes the campaign (and the simulator session) over, and every contact still gets exactly one message.
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callServer as call, repoRoot, startServer, type StartedServer } from './support/server';

const LEASE_MS = 2000;
const CONTACTS = 30;
const logDir = path.join(repoRoot, 'test-results');
let database: StartedServer;
const nodes = new Map<string, StartedServer>();
let pool: pg.Pool;

beforeAll(async () => {
  database = await startServer({
    name: 'zapdesk-campaign-db',
    logFile: path.join(logDir, 'campaign-crash-db.log'),
    env: { ROLES: 'api', SESSIONS_AUTOSTART: 'off' },
  });
  for (const name of ['node-1', 'node-2']) {
    nodes.set(
      name,
      await startServer({
        name: `zapdesk-campaign-${name}`,
        logFile: path.join(logDir, `campaign-crash-${name}.log`),
        env: {
          DATABASE_URL: database.databaseUrl,
          NODE_ID: name,
          SESSION_LEASE_MS: String(LEASE_MS),
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

async function login(server: StartedServer): Promise<{ token: string; companyId: number }> {
  const answer = await fetch(`${server.baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@admin.com', password: '123456' }),
  });
  const body = (await answer.json()) as { token: string; user: { companyId: number } };
  return { token: body.token, companyId: body.user.companyId };
}

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 30_000) {
  const began = Date.now();
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined && value !== false) return value;
    if (Date.now() - began > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const receivedPerPhone = async (whatsappId: number) =>
  (
    await pool.query<{ peer: string; n: number }>(
      `select peer, count(*)::int as n from simulator_messages
        where whatsapp_id = $1 and direction = 'out' group by peer`,
      [whatsappId],
    )
  ).rows;

describe('a campaign across a crash', () => {
  it('gives every contact exactly one message when its dispatcher is killed mid-campaign', async () => {
    const { token, companyId } = await login(node('node-1'));
    const connection = await call<{ id: number }>(node('node-1'), token, 'POST', '/whatsapp', {
      name: `Campanha ${Date.now()}`,
      provider: 'simulator',
    });
    await until('the scan', () =>
      call(node('node-2'), token, 'POST', `/simulator/connections/${connection.id}/scan`).then(() => true),
    );
    await until('CONNECTED', async () => {
      const c = await call<{ status: string }>(node('node-2'), token, 'GET', `/whatsapp/${connection.id}`);
      return c.status === 'CONNECTED';
    });
    await call(node('node-1'), token, 'POST', '/campaign-settings', {
      settings: { messageInterval: 0.3, longerIntervalAfter: 0, greaterInterval: 0 },
    });
    const { rows: lists } = await pool.query<{ id: number }>(
      `insert into contact_lists (company_id, name) values ($1, 'Crash') returning id`,
      [companyId],
    );
    const listId = lists[0]!.id;
    const base = 5531_900_000_000 + (Date.now() % 1_000_000) * 100;
    const numbers = Array.from({ length: CONTACTS }, (_, i) => String(base + i));
    await pool.query(
      `insert into contact_list_items (company_id, contact_list_id, name, number, is_whatsapp_valid)
       select $1, $2, 'Pessoa ' || n, n, true from unnest($3::text[]) as n`,
      [companyId, listId, numbers],
    );
    const campaign = await call<{ id: number }>(node('node-1'), token, 'POST', '/campaigns', {
      name: 'Crash',
      message1: 'Oi {nome}',
      contactListId: listId,
      whatsappId: connection.id,
      scheduledAt: new Date().toISOString(),
    });

    // Mid-campaign: some phones have their message, most do not yet.
    await until('the first messages', async () => (await receivedPerPhone(connection.id)).length >= 5);
    const { rows: leases } = await pool.query<{ owner: string }>(
      `select owner from leases where resource = $1 and expires_at > now()`,
      [`campaign:${campaign.id}`],
    );
    const dying = leases[0]?.owner ?? '';
    expect(['node-1', 'node-2']).toContain(dying);
    const survivor = dying === 'node-1' ? 'node-2' : 'node-1';
    const before = (await receivedPerPhone(connection.id)).length;
    await node(dying).crash();
    nodes.delete(dying);
    expect(before).toBeLessThan(CONTACTS);

    const status = await until(
      'FINALIZADA',
      async () => {
        const { rows } = await pool.query<{ status: string }>('select status from campaigns where id = $1', [
          campaign.id,
        ]);
        return rows[0]?.status === 'FINALIZADA' ? rows[0].status : undefined;
      },
      90_000,
    );
    expect(status).toBe('FINALIZADA');
    const { rows: owner } = await pool.query<{ owner: string }>(
      'select owner from leases where resource = $1',
      [`whatsapp:${connection.id}`],
    );
    expect(owner[0]?.owner).toBe(survivor);

    const received = await receivedPerPhone(connection.id);
    expect(received.map((r) => r.peer).sort()).toEqual([...numbers].sort());
    expect(received.every((r) => r.n === 1)).toBe(true);
    const { rows: stored } = await pool.query<{ n: number }>(
      `select count(*)::int as n from messages where company_id = $1 and origin = 'campaign'
          and contact_id in (select id from contacts where company_id = $1 and number = any($2))`,
      [companyId, numbers],
    );
    expect(stored[0]?.n).toBe(CONTACTS);
  });
});
