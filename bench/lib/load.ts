// A small closed-loop load generator: N clients each send one request, wait for the whole answer, send
// the next, until the request budget or the time budget is spent. node:http keeps connections alive.
// Latencies are measured per request from send to last body byte.
import http from 'node:http';

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

  // node:http with kept-alive sockets: the load generator shares the machine's two cores with the server and
  // PostgreSQL, and fetch (undici) spends about twice the CPU per request.
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  const send = async (i: number): Promise<string> => {
    const { path, init } = options.request(i);
    try {
      return String(await request(new URL(path, base), init ?? {}, agent));
    } catch {
      return 'network';
    }
  };

  const warmup = options.warmup ?? options.concurrency;
  await pool(
    options.concurrency,
    warmup,
    () => Number.POSITIVE_INFINITY,
    (i) => send(i),
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
    async (i) => {
      const t0 = performance.now();
      const status = await send(warmup + i);
      latencies.push(performance.now() - t0);
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status !== 'network' && isOk(Number(status))) ok++;
    },
  );
  agent.destroy();
  return summarize(options.name, options.concurrency, latencies, statuses, ok, performance.now() - started);
}

/** Sends one request and reads the whole answer; answers its status. */
function request(url: URL, init: RequestInit, agent: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = typeof init.body === 'string' ? init.body : undefined;
    const headers = { ...(init.headers as Record<string, string> | undefined) };
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    const req = http.request(url, { method: init.method ?? 'GET', headers, agent }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
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

/** Runs `total` tasks with at most `concurrency` in flight, none started after the deadline. */
async function pool(
  concurrency: number,
  total: number,
  deadline: () => number,
  task: (i: number) => Promise<unknown>,
): Promise<void> {
  let next = 0;
  const client = async () => {
    while (next < total && performance.now() < deadline()) {
      const i = next++;
      await task(i);
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
