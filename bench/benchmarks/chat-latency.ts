// Internal chat latency (issue 21): a member posts messages to a chat at a steady rate, and the
// other member's socket hears each one (`company-{cid}-chat-{chatId}` new-message, sent to members' rooms only).
// Two figures per rate (10, then 50 messages/s): the POST's own answer time, and POST sent → the other member's
// socket event (target p95 < 50 ms at 50 messages/s).
import { io, type Socket } from 'socket.io-client';
import { loginToken } from '../lib/auth';
import type { Benchmark } from '../lib/benchmark';
import { cpuPerUnit, cpuReader } from '../lib/cpu';
import { createCompanyWithUsers } from '../lib/data';
import { HttpConnection } from '../lib/http-connection';
import { percentile, runLoad, type LoadResult } from '../lib/load';

/** A light load first (each message on its own), then the target rate. */
const RUNS = [
  { rate: 10, seconds: 5 },
  { rate: 50, seconds: 10 },
];
const WARMUP = 25;

export const chatLatencyBenchmark: Benchmark = {
  name: 'chat-latency',
  async run({ baseUrl, db, server, log }) {
    log('creating a company with two chat members');
    const company = await createCompanyWithUsers(db, 1);
    const receiverEmail = company.userEmails[0];
    if (!receiverEmail) throw new Error('no receiver');
    const senderToken = await loginToken(baseUrl, company.admin.email);
    const receiverToken = await loginToken(baseUrl, receiverEmail);
    const headers = { authorization: `Bearer ${senderToken}`, 'content-type': 'application/json' };
    const receiverId = (
      await db.query<{ id: number }>('select id from users where email = $1', [receiverEmail])
    ).rows[0]?.id;
    const created = await fetch(`${baseUrl}/chats`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ title: 'Bench chat', users: [receiverId] }),
    });
    if (!created.ok) throw new Error(`POST /chats answered ${created.status}: ${await created.text()}`);
    const chat = (await created.json()) as { id: number };

    const socket = await openSocket(baseUrl, receiverToken);
    const heardAt = new Map<string, number>();
    /** Messages whose event came more than once (none expected). */
    const heardTwice = new Set<string>();
    socket.on(
      `company-${company.companyId}-chat-${chat.id}`,
      (payload: { action?: string; newMessage?: { message?: string } }) => {
        const message = payload.newMessage?.message;
        if (payload.action !== 'new-message' || !message) return;
        if (heardAt.has(message)) heardTwice.add(message);
        else heardAt.set(message, performance.now());
      },
    );

    const connections = new ConnectionPool(baseUrl);
    const post = (message: string) =>
      connections.request('POST', `/chats/${chat.id}/messages`, headers, JSON.stringify({ message }));

    log(`warming up with ${WARMUP} messages`);
    for (let i = 0; i < WARMUP; i++) await post(`warmup-${i}`);

    const cpu = cpuReader(server);
    const results: LoadResult[] = [];
    for (const { rate, seconds } of RUNS) {
      log(`${rate} messages/s for ${seconds} s`);
      const before = cpu();
      results.push(...(await steadyRun(rate, seconds, post, heardAt, heardTwice)));
      // On a shared machine wall-clock figures wander with the load; CPU per message does not.
      log(`CPU per message at ${rate} msg/s: ${cpuPerUnit(before, cpu(), rate * seconds)}`);
    }
    socket.close();
    connections.close();

    // A read on the same host at the same time, to compare with the message page's figures in docs/benchmarks.md.
    const before = cpu();
    results.push(
      await runLoad({
        name: 'GET /chats/:id/messages?pageNumber=1',
        baseUrl,
        concurrency: 1,
        requests: 300,
        request: () => ({ path: `/chats/${chat.id}/messages?pageNumber=1`, init: { headers } }),
      }),
    );
    log(`CPU per history page: ${cpuPerUnit(before, cpu(), 300 + 1)}`);
    return results;
  },
};

/** Posts `rate` messages a second for `seconds` s (open loop) and times each answer and each socket event. */
async function steadyRun(
  rate: number,
  seconds: number,
  post: (message: string) => Promise<number>,
  heardAt: Map<string, number>,
  heardTwice: Set<string>,
): Promise<LoadResult[]> {
  const total = rate * seconds;
  const sentAt = new Map<string, number>();
  const answerMs: number[] = [];
  const statuses: Record<string, number> = {};
  const inFlight: Promise<void>[] = [];
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const wait = started + (i * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const message = `bench-${rate}-${i}`;
    const at = performance.now();
    sentAt.set(message, at);
    inFlight.push(
      post(message).then(
        (status) => {
          statuses[status] = (statuses[status] ?? 0) + 1;
          answerMs.push(performance.now() - at);
        },
        () => {
          statuses.network = (statuses.network ?? 0) + 1;
        },
      ),
    );
  }
  await Promise.all(inFlight);
  const heard = () => [...sentAt.keys()].filter((message) => heardAt.has(message)).length;
  const deadline = performance.now() + 5000;
  while (heard() < total && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const durationMs = performance.now() - started;
  const socketMs = [...sentAt].flatMap(([message, at]) => {
    const heardTime = heardAt.get(message);
    return heardTime === undefined ? [] : [heardTime - at];
  });
  const ok = statuses['200'] ?? 0;
  return [
    figures(`POST /chats/:id/messages at ${rate} msg/s (answer)`, total, ok, statuses, durationMs, answerMs),
    figures(
      `chat POST → other member's socket at ${rate} msg/s`,
      total,
      socketMs.length,
      {
        heard: socketMs.length,
        ...(total > socketMs.length ? { missing: total - socketMs.length } : {}),
        ...(heardTwice.size > 0 ? { twice: [...sentAt.keys()].filter((m) => heardTwice.has(m)).length } : {}),
      },
      durationMs,
      socketMs,
    ),
  ];
}

/** Kept-alive connections, one request at a time each; a new one opens when all are busy (open-loop sends). */
class ConnectionPool {
  readonly #idle: HttpConnection[] = [];
  readonly #all: HttpConnection[] = [];
  readonly #url: URL;
  constructor(baseUrl: string) {
    this.#url = new URL(baseUrl);
  }

  async request(
    method: string,
    path: string,
    headers: Record<string, string>,
    body: string,
  ): Promise<number> {
    const connection = this.#idle.pop() ?? this.open();
    try {
      return await connection.request(method, path, headers, body);
    } finally {
      this.#idle.push(connection);
    }
  }

  private open(): HttpConnection {
    const connection = new HttpConnection(this.#url.hostname, Number(this.#url.port || 80));
    this.#all.push(connection);
    return connection;
  }

  close(): void {
    for (const connection of this.#all) connection.close();
  }
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
    socket.once('ready', () => resolve(socket));
  });
}

function figures(
  name: string,
  sent: number,
  ok: number,
  statuses: Record<string, number>,
  durationMs: number,
  latencies: number[],
): LoadResult {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    name,
    concurrency: 1,
    sent,
    ok,
    failed: sent - ok,
    statuses,
    durationMs,
    requestsPerSecond: (ok / durationMs) * 1000,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? 0,
  };
}
