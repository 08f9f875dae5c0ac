// The inbound pipeline, in two topologies, each measured the same way:
// - "1 node": the default deployment. An in-process server with the api, realtime and worker roles and the
//   in-memory socket fan-out; its provider edge (`inbound.ingest`, exactly as a WhatsApp adapter calls it) and the
//   agent's socket are in the same process.
// - "2 nodes": a sessions node (in-process, worker role only) whose events reach the agent's socket on the built
//   server through the PostgreSQL fan-out (REALTIME_FANOUT=postgres on both).
// Each event goes through inbound_events → per-chat processing (contact, ticket, message, bot) → socket events.
// Measures sustained throughput (with a no-loss, no-duplicate check, and CPU milliseconds per message in each
// process) and provider-to-agent-screen latency at a steady 200 messages/s. A last, smaller run goes through the
// simulated phone's own HTTP API (simulator → session → pipeline) for reference.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import type pg from 'pg';
import type { ConnectionDescriptor, ProviderEvent } from '../../apps/server/src/messaging/providers/port';
import { loadConfig } from '../../apps/server/src/platform/config/config';
import { createServer, type ZapdeskServer } from '../../apps/server/src/server';
import type { Benchmark } from '../lib/benchmark';
import { cpuPerUnit, cpuReader, type CpuTimes } from '../lib/cpu';
import { BENCH_PASSWORD, createCompanyWithUsers } from '../lib/data';
import { percentile, runLoad, type LoadResult } from '../lib/load';
import type { StartedServer } from '../lib/server';

const json = { 'content-type': 'application/json' };
const THROUGHPUT_MESSAGES = 10_000;
const THROUGHPUT_CHATS = 500;
const INGEST_CONCURRENCY = 64;
const LATENCY_RATE = 200;
const LATENCY_SECONDS = 10;
const SIMULATOR_MESSAGES = 1000;

/** Where the pipeline runs and where the agent's socket listens. */
interface Topology {
  /** Prefix of this topology's bodies and wids, and its first customer number. */
  key: string;
  label: string;
  firstPhone: number;
  /** The in-process node: all roles but sessions (memory fan-out), or only the worker role (postgres fan-out). */
  env: { ROLES: string; REALTIME_FANOUT: 'memory' | 'postgres' };
}

const TOPOLOGIES: Topology[] = [
  {
    key: 'one',
    label: '1 node, memory fan-out',
    firstPhone: 0,
    env: { ROLES: 'api,realtime,worker', REALTIME_FANOUT: 'memory' },
  },
  {
    key: 'two',
    label: '2 nodes, postgres fan-out',
    firstPhone: 100_000,
    env: { ROLES: 'worker', REALTIME_FANOUT: 'postgres' },
  },
];

export const inboundPipelineBenchmark: Benchmark = {
  name: 'inbound-pipeline',
  async run({ baseUrl, db, server, log }) {
    const company = await createCompanyWithUsers(db, 0);
    const token = await loginToken(baseUrl, company.admin.email);
    const auth = { ...json, authorization: `Bearer ${token}` };
    const connection = await connectSimulator(baseUrl, auth);
    const descriptor: ConnectionDescriptor = {
      companyId: company.companyId,
      whatsappId: connection,
      name: 'Bench line',
      provider: 'simulator',
      config: {},
    };
    const cpu = cpuReader(server);
    log(
      'the built server runs the worker role too: its sweep also takes events left unprocessed for 2 s, and ' +
        'with the memory fan-out their socket events stay on that node (counted missing at the agent)',
    );
    const results: LoadResult[] = [];
    // BENCH_TOPOLOGY=one|two measures only that topology (and skips the simulator's run).
    const only = process.env.BENCH_TOPOLOGY;
    for (const topology of TOPOLOGIES.filter((t) => !only || t.key === only)) {
      const node = await startNode(db, server, topology);
      try {
        log(
          `[${topology.label}] throughput: ${THROUGHPUT_MESSAGES} messages from ${THROUGHPUT_CHATS} customers at the provider edge`,
        );
        results.push(...(await ingestThroughput(node, db, descriptor, topology, cpu, log)));
        log(
          `[${topology.label}] latency: ${LATENCY_RATE} messages/s for ${LATENCY_SECONDS} s, until the agent's socket hears them`,
        );
        const socketUrl = node.url ?? baseUrl;
        const first = topology.firstPhone + 20_000;
        results.push(
          await socketLatency(socketUrl, token, topology, (i, body) =>
            node.server.messaging.inbound.ingest(
              descriptor,
              textEvent(`${topology.key}-lat${i}`, phoneOf(first + (i % 50)), body),
            ),
          ),
        );
      } finally {
        await node.server.close();
      }
    }
    if (only) return results;
    log(`end to end through the simulated phone's HTTP API: ${SIMULATOR_MESSAGES} messages`);
    results.push(...(await simulatorRun(baseUrl, db, auth, company.companyId, connection)));
    return results;
  },
};

const phoneOf = (n: number) => `55119${String(10_000_000 + n)}`;

function textEvent(wid: string, chatId: string, text: string): ProviderEvent {
  return {
    type: 'message.received',
    message: {
      wid,
      chatId,
      isGroup: false,
      senderId: chatId,
      pushName: `Cliente ${chatId.slice(-4)}`,
      fromMe: false,
      timestamp: new Date(),
      kind: 'text',
      text,
    },
  };
}

/**
 * A server in this process on the bench database, with the built server's token secrets (the agent's token works
 * on both). With the realtime role it listens on a free port for the agent's socket; its `url` is then set.
 */
async function startNode(
  db: pg.Pool,
  built: StartedServer,
  topology: Topology,
): Promise<{ server: ZapdeskServer; url?: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zapdesk-bench-node-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    JWT_SECRET: built.jwtSecret,
    JWT_REFRESH_SECRET: built.jwtRefreshSecret,
    RATE_LIMIT: 'off',
    SESSIONS_AUTOSTART: 'off',
    ...topology.env,
  });
  const url = db.options.connectionString;
  if (!url) throw new Error('the bench pool has no connection string');
  const server = await createServer(config, url, { jobsSchema: `pgboss_bench_${topology.key}` });
  if (!config.roles.has('realtime')) {
    await server.app.ready();
    return { server };
  }
  const listening = new URL(await server.listen());
  return { server, url: `http://127.0.0.1:${listening.port}` };
}

async function ingestThroughput(
  node: { server: ZapdeskServer },
  db: pg.Pool,
  descriptor: ConnectionDescriptor,
  topology: Topology,
  cpu: () => CpuTimes,
  log: (line: string) => void,
): Promise<LoadResult[]> {
  const inbound = node.server.messaging.inbound;
  const bodies = `${topology.key}-tp-%`;
  const latencies: number[] = [];
  let next = 0;
  const before = cpu();
  const startedAt = Date.now();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: INGEST_CONCURRENCY }, async () => {
      while (next < THROUGHPUT_MESSAGES) {
        const i = next++;
        const t0 = performance.now();
        const phone = phoneOf(topology.firstPhone + (i % THROUGHPUT_CHATS));
        await inbound.ingest(
          descriptor,
          textEvent(`${topology.key}-tp${i}`, phone, `${topology.key}-tp-${i}`),
        );
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const accepted = performance.now() - started;
  const stored = await waitForStored(db, descriptor.companyId, bodies, THROUGHPUT_MESSAGES, 300_000);
  log(`[${topology.label}] CPU per message: ${cpuPerUnit(before, cpu(), THROUGHPUT_MESSAGES)}`);
  // Up to the last processing commit, not the poll that saw it.
  const lastAt = await lastProcessedAt(db, descriptor.companyId, `${topology.key}-tp%`);
  const total = Math.max(lastAt - startedAt, accepted);
  const check = await duplicatesAndLosses(db, descriptor.companyId, bodies, THROUGHPUT_MESSAGES);
  log(`[${topology.label}] ${check ?? `all ${THROUGHPUT_MESSAGES} stored exactly once`}`);
  latencies.sort((a, b) => a - b);
  return [
    figures(
      `[${topology.label}] inbound.ingest (event stored durably, acknowledged)`,
      INGEST_CONCURRENCY,
      THROUGHPUT_MESSAGES,
      THROUGHPUT_MESSAGES,
      accepted,
      latencies,
    ),
    figures(
      `[${topology.label}] pipeline msg/s, fully processed (${THROUGHPUT_CHATS} chats; ms = stored → processed)`,
      INGEST_CONCURRENCY,
      THROUGHPUT_MESSAGES,
      stored,
      total,
      await eventLatencies(db, descriptor.companyId, `${topology.key}-tp%`),
      check ? { duplicatesOrLosses: 1 } : {},
    ),
  ];
}

async function loginToken(baseUrl: string, email: string): Promise<string> {
  const answer = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (!answer.ok) throw new Error(`login of ${email} answered ${answer.status}: ${await answer.text()}`);
  return ((await answer.json()) as { token: string }).token;
}

/** Creates a simulator connection, scans its QR code with the fake phone and waits until it is CONNECTED. */
async function connectSimulator(baseUrl: string, headers: Record<string, string>): Promise<number> {
  const created = await fetch(`${baseUrl}/whatsapp`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: `Bench line ${Date.now()}`, provider: 'simulator' }),
  });
  if (!created.ok) throw new Error(`connection not created: ${created.status} ${await created.text()}`);
  const { id } = (await created.json()) as { id: number };
  await statusOf(baseUrl, headers, id, 'qrcode');
  const scan = await fetch(`${baseUrl}/simulator/connections/${id}/scan`, {
    method: 'POST',
    headers,
    body: '{}',
  });
  if (!scan.ok) throw new Error(`scan refused: ${scan.status} ${await scan.text()}`);
  await statusOf(baseUrl, headers, id, 'CONNECTED');
  return id;
}

async function statusOf(baseUrl: string, headers: Record<string, string>, id: number, wanted: string) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const answer = await fetch(`${baseUrl}/whatsapp/${id}`, { headers });
    if (answer.ok && ((await answer.json()) as { status: string }).status === wanted) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`connection ${id} never reached ${wanted}`);
}

/** Polls until `expected` messages with bodies like `pattern` are stored; answers how many were. */
async function waitForStored(
  db: pg.Pool,
  companyId: number,
  pattern: string,
  expected: number,
  timeoutMs: number,
) {
  const deadline = performance.now() + timeoutMs;
  let count = 0;
  while (performance.now() < deadline) {
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from messages where company_id = $1 and body like $2`,
      [companyId, pattern],
    );
    count = rows[0]?.n ?? 0;
    if (count >= expected) return count;
    // Each count scans the company's messages (about 12 ms at the end of a run): polling fast would weigh on the
    // PostgreSQL being measured. Throughput is measured up to the last processing commit, not up to this poll.
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return count;
}

/** When the last of the events was processed (epoch ms, PostgreSQL's clock: the same machine's). */
async function lastProcessedAt(db: pg.Pool, companyId: number, idPattern: string): Promise<number> {
  const { rows } = await db.query<{ at: number | null }>(
    `select extract(epoch from max(processed_at)) * 1000 as at
       from inbound_events where company_id = $1 and event_id like $2`,
    [companyId, idPattern],
  );
  return Number(rows[0]?.at ?? 0);
}

/** Null when every message is stored exactly once; otherwise what is wrong. */
async function duplicatesAndLosses(db: pg.Pool, companyId: number, pattern: string, sent: number) {
  const { rows } = await db.query<{ total: number; bodies: number; wids: number }>(
    `select count(*)::int as total, count(distinct body)::int as bodies, count(distinct wid)::int as wids
       from messages where company_id = $1 and body like $2`,
    [companyId, pattern],
  );
  const { total = 0, bodies = 0, wids = 0 } = rows[0] ?? {};
  if (total === sent && bodies === total && wids === total) return null;
  return `${sent} sent, ${total} stored, ${bodies} distinct bodies, ${wids} distinct wids`;
}

/** Per event: from being stored (acknowledged to the provider) to its processing commit, in ms. */
async function eventLatencies(db: pg.Pool, companyId: number, idPattern: string): Promise<number[]> {
  const { rows } = await db.query<{ ms: number }>(
    `select extract(epoch from (processed_at - received_at)) * 1000 as ms
       from inbound_events where company_id = $1 and event_id like $2 and processed_at is not null`,
    [companyId, idPattern],
  );
  return rows.map((r) => Number(r.ms)).sort((a, b) => a - b);
}

/** Sends at a steady rate (open loop) and times each message from its send to its `-appMessage` on the socket. */
async function socketLatency(
  socketUrl: string,
  token: string,
  topology: Topology,
  send: (i: number, body: string) => Promise<unknown>,
): Promise<LoadResult> {
  const socket = await openSocket(socketUrl, token);
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  socket.onAny((event: string, payload: { action?: string; message?: { body?: string } }) => {
    if (!event.endsWith('-appMessage') || payload.action !== 'create') return;
    const at = sentAt.get(payload.message?.body ?? '');
    if (at !== undefined) latencies.push(performance.now() - at);
  });
  const total = LATENCY_RATE * LATENCY_SECONDS;
  let failed = 0;
  const inFlight: Promise<unknown>[] = [];
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const wait = started + (i * 1000) / LATENCY_RATE - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const body = `${topology.key}-lat-${i}`;
    sentAt.set(body, performance.now());
    inFlight.push(send(i, body).catch(() => failed++));
  }
  await Promise.all(inFlight);
  const deadline = performance.now() + 15_000;
  while (latencies.length < total - failed && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const durationMs = performance.now() - started;
  socket.close();
  latencies.sort((a, b) => a - b);
  return figures(
    `[${topology.label}] ingest → agent socket at ${LATENCY_RATE} msg/s (ms = ingest → -appMessage)`,
    1,
    total,
    latencies.length,
    durationMs,
    latencies,
    failed ? { refused: failed } : {},
  );
}

function openSocket(baseUrl: string, token: string): Promise<Socket> {
  const socket = io(baseUrl, {
    transports: ['websocket'],
    query: { token },
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect_error', reject);
    socket.once('ready', () => {
      socket.emit('joinNotification', () => resolve(socket));
    });
  });
}

/** Customers sending through the simulated phone's HTTP API: its network, session and the pipeline. */
async function simulatorRun(
  baseUrl: string,
  db: pg.Pool,
  headers: Record<string, string>,
  companyId: number,
  connection: number,
): Promise<LoadResult[]> {
  const started = performance.now();
  const accepted = await runLoad({
    name: 'POST /simulator/…/inbound (a customer sends)',
    baseUrl,
    concurrency: 16,
    requests: SIMULATOR_MESSAGES,
    warmup: 0,
    request: (i) => ({
      path: `/simulator/connections/${connection}/inbound`,
      init: {
        method: 'POST',
        headers,
        body: JSON.stringify({ from: phoneOf(30_000 + (i % 100)), body: `sim-${i}` }),
      },
    }),
  });
  const stored = await waitForStored(db, companyId, 'sim-%', accepted.ok, 120_000);
  const check = await duplicatesAndLosses(db, companyId, 'sim-%', accepted.ok);
  if (check) console.warn(`warning: simulator run: ${check}`);
  return [
    accepted,
    figures(
      'simulated phone → stored, msg/s (ms = stored → processed)',
      16,
      accepted.ok,
      stored,
      performance.now() - started,
      await eventLatencies(db, companyId, '3A%'),
    ),
  ];
}

/** A results-table row for a measurement that is not a plain request loop. */
function figures(
  name: string,
  concurrency: number,
  sent: number,
  ok: number,
  durationMs: number,
  sortedMs: number[],
  extra: Record<string, number> = {},
): LoadResult {
  return {
    name,
    concurrency,
    sent,
    ok,
    failed: sent - ok,
    statuses: { ok, ...(sent > ok ? { missing: sent - ok } : {}), ...extra },
    durationMs,
    requestsPerSecond: (ok / durationMs) * 1000,
    p50: percentile(sortedMs, 50),
    p95: percentile(sortedMs, 95),
    p99: percentile(sortedMs, 99),
    max: sortedMs.at(-1) ?? 0,
  };
}
