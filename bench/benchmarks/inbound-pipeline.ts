// The inbound pipeline. This process plays a sessions node of the cluster: an in-process server (worker role,
// no HTTP) whose provider edge calls `inbound.ingest` exactly as a WhatsApp adapter does; each event goes through
// inbound_events → per-chat processing (contact, ticket, message) → socket fan-out over PostgreSQL to the built
// server, which holds the agent's socket. Measures sustained throughput (with a no-loss, no-duplicate check) and
// provider-to-agent-screen latency at a steady 200 messages/s. A last, smaller run goes through the simulated
// phone's own HTTP API (simulator → session → pipeline) for reference.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import type pg from 'pg';
import type { ConnectionDescriptor, ProviderEvent } from '../../apps/server/src/messaging/providers/port';
import { loadConfig } from '../../apps/server/src/platform/config/config';
import { createServer, type ZapdeskServer } from '../../apps/server/src/server';
import type { Benchmark } from '../lib/benchmark';
import { BENCH_PASSWORD, createCompanyWithUsers } from '../lib/data';
import { percentile, runLoad, type LoadResult } from '../lib/load';

const json = { 'content-type': 'application/json' };
const THROUGHPUT_MESSAGES = 10_000;
const THROUGHPUT_CHATS = 500;
const INGEST_CONCURRENCY = 64;
const LATENCY_RATE = 200;
const LATENCY_SECONDS = 10;
const SIMULATOR_MESSAGES = 1000;

export const inboundPipelineBenchmark: Benchmark = {
  name: 'inbound-pipeline',
  async run({ baseUrl, db, log }) {
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
    const node = await startSessionsNode(db);
    try {
      log(
        `throughput: ${THROUGHPUT_MESSAGES} messages from ${THROUGHPUT_CHATS} customers at the provider edge`,
      );
      const throughput = await ingestThroughput(node, db, descriptor);
      log(
        `latency: ${LATENCY_RATE} messages/s for ${LATENCY_SECONDS} s, until the agent's socket hears them`,
      );
      const latency = await socketLatency(baseUrl, token, (i, body) =>
        node.messaging.inbound.ingest(descriptor, textEvent(`lat${i}`, phoneOf(20_000 + (i % 50)), body)),
      );
      log(`end to end through the simulated phone's HTTP API: ${SIMULATOR_MESSAGES} messages`);
      const simulator = await simulatorRun(baseUrl, db, auth, company.companyId, connection);
      return [...throughput, latency, ...simulator];
    } finally {
      await node.close();
    }
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

/** A server in this process on the bench database, with the worker role only: no HTTP, no sockets of its own. */
async function startSessionsNode(db: pg.Pool): Promise<ZapdeskServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zapdesk-bench-node-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ROLES: 'worker',
    // Its events reach the built server's sockets only through the cross-node fan-out.
    REALTIME_FANOUT: 'postgres',
    SESSIONS_AUTOSTART: 'off',
  });
  const url = db.options.connectionString;
  if (!url) throw new Error('the bench pool has no connection string');
  const node = await createServer(config, url, { jobsSchema: 'pgboss_bench_node' });
  await node.app.ready();
  return node;
}

async function ingestThroughput(
  node: ZapdeskServer,
  db: pg.Pool,
  descriptor: ConnectionDescriptor,
): Promise<LoadResult[]> {
  const inbound = node.messaging.inbound;
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: INGEST_CONCURRENCY }, async () => {
      while (next < THROUGHPUT_MESSAGES) {
        const i = next++;
        const t0 = performance.now();
        await inbound.ingest(descriptor, textEvent(`tp${i}`, phoneOf(i % THROUGHPUT_CHATS), `tp-${i}`));
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const accepted = performance.now() - started;
  const stored = await waitForStored(db, descriptor.companyId, 'tp-%', THROUGHPUT_MESSAGES, 300_000);
  const total = performance.now() - started;
  const check = await duplicatesAndLosses(db, descriptor.companyId, 'tp-%', THROUGHPUT_MESSAGES);
  if (check) console.warn(`warning: ${check}`);
  latencies.sort((a, b) => a - b);
  return [
    figures(
      'inbound.ingest (event stored durably, acknowledged)',
      INGEST_CONCURRENCY,
      THROUGHPUT_MESSAGES,
      THROUGHPUT_MESSAGES,
      accepted,
      latencies,
    ),
    figures(
      `inbound pipeline, msg/s fully processed (${THROUGHPUT_CHATS} chats; ms = stored → processed)`,
      INGEST_CONCURRENCY,
      THROUGHPUT_MESSAGES,
      stored,
      total,
      await eventLatencies(db, descriptor.companyId, 'tp%'),
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
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return count;
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
  baseUrl: string,
  token: string,
  send: (i: number, body: string) => Promise<unknown>,
): Promise<LoadResult> {
  const socket = await openSocket(baseUrl, token);
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
    const body = `lat-${i}`;
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
    `ingest → agent socket at ${LATENCY_RATE} msg/s (ms = ingest call → -appMessage)`,
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
