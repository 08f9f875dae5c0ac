// A small closed-loop load generator: N clients each send one request, wait for the whole answer, send
// the next, until the request budget or the time budget is spent. Each client keeps one connection alive
// (http-connection.ts). Latencies are measured per request from send to last body byte.
import { HttpConnection } from './http-connection';

export interface LoadOptions {
  /** Shown in the results table, e.g. "GET /users?pageNumber=1". */
  name: string;
  /** Absolute URL base of the server; must be on 127.0.0.1. */
  baseUrl: string;
  concurrency: number;
  /** Measured requests (warm-up requests come on top). */
  requests: number;
  /** Stop issuing new requests after this long, even if the budget is not spent. */
  maxDurationMs?: number;
  /** Unmeasured requests sent first (default: one per client). */
  warmup?: number;
  /** Builds request number i (0-based). */
  request: (i: number) => { path: string; init?: RequestInit };
  /** Statuses that count as success (default: 2xx). */
  ok?: (status: number) => boolean;
}

export interface LoadResult {
  name: string;
  concurrency: number;
  sent: number;
  ok: number;
  failed: number;
  /** Count per status (or "network" for transport errors). */
  statuses: Record<string, number>;
  durationMs: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Runs one load and answers its figures. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const base = new URL(options.baseUrl);
  if (base.hostname !== '127.0.0.1')
    throw new Error(`benchmarks only target 127.0.0.1, not ${base.hostname}`);
  const isOk = options.ok ?? ((status: number) => status >= 200 && status < 300);

  // One kept-alive connection per client, as many clients as the load has; fetch (undici) and node:http spent
  // several times the CPU per request on this machine's shared cores.
  const connections = Array.from(
    { length: options.concurrency },
    () => new HttpConnection(base.hostname, Number(base.port || 80)),
  );
  const send = async (i: number, client: number): Promise<string> => {
    const { path, init } = options.request(i);
    const body = typeof init?.body === 'string' ? init.body : undefined;
    const headers = { ...(init?.headers as Record<string, string> | undefined) };
    try {
      const url = new URL(path, base);
      return String(
        await connections[client]!.request(init?.method ?? 'GET', url.pathname + url.search, headers, body),
      );
    } catch {
      return 'network';
    }
  };

  const warmup = options.warmup ?? options.concurrency;
  await pool(
    options.concurrency,
    warmup,
    () => Number.POSITIVE_INFINITY,
    (i, client) => send(i, client),
  );

  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let ok = 0;
  const started = performance.now();
  const deadline = started + (options.maxDurationMs ?? 60_000);
  await pool(
    options.concurrency,
    options.requests,
    () => deadline,
    async (i, client) => {
      const t0 = performance.now();
      const status = await send(warmup + i, client);
      latencies.push(performance.now() - t0);
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status !== 'network' && isOk(Number(status))) ok++;
    },
  );
  for (const connection of connections) connection.close();
  return summarize(options.name, options.concurrency, latencies, statuses, ok, performance.now() - started);
}

/** The figures of measured operations (latencies in ms, in any order) that took `durationMs` in all. */
export function summarize(
  name: string,
  concurrency: number,
  latencies: number[],
  statuses: Record<string, number>,
  ok: number,
  durationMs: number,
): LoadResult {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    name,
    concurrency,
    sent: sorted.length,
    ok,
    failed: sorted.length - ok,
    statuses,
    durationMs,
    requestsPerSecond: (sorted.length / durationMs) * 1000,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? 0,
  };
}

/** Runs `total` tasks with at most `concurrency` in flight (task `client` is its runner's index), none started after the deadline. */
async function pool(
  concurrency: number,
  total: number,
  deadline: () => number,
  task: (i: number, client: number) => Promise<unknown>,
): Promise<void> {
  let next = 0;
  const client = async (_: unknown, index: number) => {
    while (next < total && performance.now() < deadline()) {
      const i = next++;
      await task(i, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, total) }, client));
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}
