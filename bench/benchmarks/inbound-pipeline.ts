// The inbound pipeline end to end: customers on the built-in simulated phone network send messages over its HTTP
// API; each one goes simulator → session → inbound_events → per-chat processing (contact, ticket, message) →
// socket. Measures sustained throughput (with a no-loss, no-duplicate check) and the customer-to-agent-screen
// latency at a steady 200 messages/s.
import { io, type Socket } from 'socket.io-client';
import type pg from 'pg';
import type { Benchmark } from '../lib/benchmark';
import { BENCH_PASSWORD, createCompanyWithUsers } from '../lib/data';
import { percentile, runLoad, type LoadResult } from '../lib/load';

const json = { 'content-type': 'application/json' };
const CONNECTIONS = 4;
const THROUGHPUT_MESSAGES = 6000;
const THROUGHPUT_CHATS = 300;
const LATENCY_RATE = 200;
const LATENCY_SECONDS = 10;

export const inboundPipelineBenchmark: Benchmark = {
  name: 'inbound-pipeline',
  async run({ baseUrl, db, log }) {
    const company = await createCompanyWithUsers(db, 0);
    const token = await loginToken(baseUrl, company.admin.email);
    const auth = { ...json, authorization: `Bearer ${token}` };
    log(`connecting ${CONNECTIONS} simulator connections`);
    const connections: number[] = [];
    for (let i = 0; i < CONNECTIONS; i++) connections.push(await connectSimulator(baseUrl, auth, i));
    const play = (i: number, from: string, body: string) => ({
      path: `/simulator/connections/${connections[i % CONNECTIONS]}/inbound`,
      init: {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ from, name: `Cliente ${from.slice(-4)}`, body }),
      },
    });

    log(`throughput: ${THROUGHPUT_MESSAGES} messages from ${THROUGHPUT_CHATS} customers`);
    const phones = Array.from({ length: THROUGHPUT_CHATS }, (_, i) => `55119${String(10_000_000 + i)}`);
    const started = performance.now();
    const accepted = await runLoad({
      name: 'POST /simulator/…/inbound (customer sends)',
      baseUrl,
      concurrency: 32,
      requests: THROUGHPUT_MESSAGES,
      warmup: 0,
      maxDurationMs: 120_000,
      request: (i) => play(i, phones[i % phones.length]!, `tp-${i}`),
    });
    const stored = await waitForStored(db, company.companyId, 'tp-%', accepted.ok, 180_000);
    const seconds = (performance.now() - started) / 1000;
    const check = await duplicatesAndLosses(db, company.companyId, 'tp-%', accepted.ok);
    if (check) console.warn(`warning: ${check}`);
    const latencies = await pipelineLatencies(db, company.companyId, 'tp-%');
    const throughput = figures(
      `inbound pipeline, stored msg/s (${THROUGHPUT_CHATS} chats; ms = phone → processed)`,
      32,
      accepted.ok,
      stored,
      seconds * 1000,
      latencies,
    );

    log(
      `latency: ${LATENCY_RATE} messages/s for ${LATENCY_SECONDS} s, timed until the agent's socket hears them`,
    );
    const latency = await socketLatency(baseUrl, token, play);
    return [accepted, throughput, latency];
  },
};

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
async function connectSimulator(
  baseUrl: string,
  headers: Record<string, string>,
  n: number,
): Promise<number> {
  const created = await fetch(`${baseUrl}/whatsapp`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: `Bench line ${n}`, provider: 'simulator' }),
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

/** Null when every accepted message is stored exactly once; otherwise what is wrong. */
async function duplicatesAndLosses(db: pg.Pool, companyId: number, pattern: string, accepted: number) {
  const { rows } = await db.query<{ total: number; bodies: number; wids: number }>(
    `select count(*)::int as total, count(distinct body)::int as bodies, count(distinct wid)::int as wids
       from messages where company_id = $1 and body like $2`,
    [companyId, pattern],
  );
  const { total = 0, bodies = 0, wids = 0 } = rows[0] ?? {};
  if (total === accepted && bodies === total && wids === total) return null;
  return `inbound pipeline: ${accepted} accepted, ${total} stored, ${bodies} distinct bodies, ${wids} distinct wids`;
}

/** Per message: from the simulated phone storing it (its timestamp) to the pipeline finishing it, in ms. */
async function pipelineLatencies(db: pg.Pool, companyId: number, pattern: string): Promise<number[]> {
  const { rows } = await db.query<{ ms: number }>(
    `select extract(epoch from (e.processed_at - m.created_at)) * 1000 as ms
       from messages m
       join inbound_events e on e.company_id = m.company_id and e.whatsapp_id = m.whatsapp_id and e.event_id = m.wid
      where m.company_id = $1 and m.body like $2`,
    [companyId, pattern],
  );
  return rows.map((r) => Number(r.ms)).sort((a, b) => a - b);
}

/** Sends at a steady rate (open loop) and times each message from send to its `-appMessage` on the socket. */
async function socketLatency(
  baseUrl: string,
  token: string,
  play: (i: number, from: string, body: string) => { path: string; init: RequestInit },
): Promise<LoadResult> {
  const socket = await openSocket(baseUrl, token);
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  socket.onAny((event: string, payload: { action?: string; message?: { body?: string } }) => {
    if (!event.endsWith('-appMessage') || payload.action !== 'create') return;
    const body = payload.message?.body ?? '';
    const at = sentAt.get(body);
    if (at !== undefined) latencies.push(performance.now() - at);
  });
  const total = LATENCY_RATE * LATENCY_SECONDS;
  const phones = Array.from({ length: 50 }, (_, i) => `55119${String(20_000_000 + i)}`);
  const statuses: Record<string, number> = {};
  const inFlight: Promise<void>[] = [];
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / LATENCY_RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const body = `lat-${i}`;
    const { path, init } = play(i, phones[i % phones.length]!, body);
    sentAt.set(body, performance.now());
    inFlight.push(
      fetch(new URL(path, baseUrl), init).then(
        async (answer) => {
          await answer.arrayBuffer();
          statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        },
        () => {
          statuses.network = (statuses.network ?? 0) + 1;
        },
      ),
    );
  }
  await Promise.all(inFlight);
  const deadline = performance.now() + 10_000;
  while (latencies.length < total && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const durationMs = performance.now() - started;
  socket.close();
  latencies.sort((a, b) => a - b);
  const result = figures(
    `inbound → agent socket at ${LATENCY_RATE} msg/s (ms = send → -appMessage)`,
    1,
    total,
    latencies.length,
    durationMs,
    latencies,
  );
  return { ...result, statuses };
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

/** A results-table row for a measurement that is not a plain request loop. */
function figures(
  name: string,
  concurrency: number,
  sent: number,
  ok: number,
  durationMs: number,
  sortedMs: number[],
): LoadResult {
  return {
    name,
    concurrency,
    sent,
    ok,
    failed: sent - ok,
    statuses: { stored: ok, ...(sent > ok ? { missing: sent - ok } : {}) },
    durationMs,
    requestsPerSecond: (ok / durationMs) * 1000,
    p50: percentile(sortedMs, 50),
    p95: percentile(sortedMs, 95),
    p99: percentile(sortedMs, 99),
    max: sortedMs.at(-1) ?? 0,
  };
}
