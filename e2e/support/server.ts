// Starts the built Zapdesk server (apps/server/dist/main.js) as a child process with its own embedded
// PostgreSQL in a temporary DATA_DIR. Shared by the e2e global setup and the benchmarks.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

/** Fixed secrets so tests can sign their own tokens. */
export const TEST_JWT_SECRET = 'zapdesk-e2e-access-secret-0123456789';
export const TEST_JWT_REFRESH_SECRET = 'zapdesk-e2e-refresh-secret-0123456789';

export interface StartedServer {
  baseUrl: string;
  databaseUrl: string;
  jwtSecret: string;
  jwtRefreshSecret: string;
  dataDir: string;
  logFile: string;
  /** The server process's id. */
  pid: number;
  /** SIGINT (the server stops PostgreSQL cleanly), then removes the data folder. */
  stop(): Promise<void>;
  /**
   * SIGKILL, as a crashed machine: nothing is shut down or released. The data folder is removed unless it was
   * given as `keepDataDir`; then its PostgreSQL is left running, as after a real kill -9, for the next start on
   * that folder to find.
   */
  crash(): Promise<void>;
}

export interface StartOptions {
  /** Where the server's stdout and stderr go. */
  logFile: string;
  /** Prefix of the temporary data folder. */
  name?: string;
  /** Extra environment (overrides the defaults below). */
  env?: Record<string, string>;
  /** How long to wait for GET /version. */
  readyTimeoutMs?: number;
  /** Extra node flags for the server process (e.g. --cpu-prof). */
  nodeArgs?: string[];
  /** A data folder to use and keep (created when missing) instead of a temporary one removed on stop. */
  keepDataDir?: string;
  /**
   * Let the server choose its embedded PostgreSQL's port and remember it in the data folder, as `npm start`
   * does, instead of handing it a free one.
   */
  rememberedPgPort?: boolean;
}

/** Builds the web app and the server bundle when out of date (`node scripts/build.mjs`). */
export function buildApp(): void {
  const result = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/build.mjs')], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`node scripts/build.mjs failed with status ${result.status}`);
}

/** A TCP port that was free a moment ago on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function distinctFreePorts(): Promise<[number, number]> {
  const http = await freePort();
  for (;;) {
    const pg = await freePort();
    if (pg !== http) return [http, pg];
  }
}

/** Starts `node apps/server/dist/main.js` and waits until GET /version answers. */
export async function startServer(options: StartOptions): Promise<StartedServer> {
  const main = path.join(repoRoot, 'apps/server/dist/main.js');
  if (!fs.existsSync(main)) throw new Error(`${main} is missing: run node scripts/build.mjs`);
  const dataDir = options.keepDataDir
    ? path.resolve(options.keepDataDir)
    : fs.mkdtempSync(path.join(os.tmpdir(), `${options.name ?? 'zapdesk-e2e'}-`));
  fs.mkdirSync(dataDir, { recursive: true });
  // Run as root, embedded PostgreSQL works as the postgres user, which must be able to enter the folder.
  fs.chmodSync(dataDir, 0o755);
  const [port, pgPort] = await distinctFreePorts();
  const baseUrl = `http://127.0.0.1:${port}`;

  fs.mkdirSync(path.dirname(options.logFile), { recursive: true });
  const log = fs.openSync(options.logFile, 'w');
  const child = spawn(process.execPath, ['--enable-source-maps', ...(options.nodeArgs ?? []), main], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      FRONTEND_URL: baseUrl,
      BACKEND_URL: baseUrl,
      DATA_DIR: dataDir,
      ...(options.rememberedPgPort ? {} : { EMBEDDED_PG_PORT: String(pgPort) }),
      JWT_SECRET: TEST_JWT_SECRET,
      JWT_REFRESH_SECRET: TEST_JWT_REFRESH_SECRET,
      RATE_LIMIT: 'off',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);

  // If this process ends without teardown, the server still gets told to stop its PostgreSQL.
  const onExit = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
  };
  process.on('exit', onExit);

  const stop = async () => {
    process.off('exit', onExit);
    await stopChild(child, dataDir);
    if (!options.keepDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForVersion(baseUrl, child, options.readyTimeoutMs ?? 180_000, options.logFile);
  } catch (error) {
    await stop();
    throw error;
  }
  const crash = async () => {
    process.off('exit', onExit);
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGKILL');
      await exited;
    }
    if (!options.keepDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const usedPgPort = options.rememberedPgPort
    ? Number(fs.readFileSync(path.join(dataDir, 'postgres.port'), 'utf8').trim())
    : pgPort;
  return {
    baseUrl,
    databaseUrl:
      options.env?.DATABASE_URL ??
      process.env.DATABASE_URL ??
      `postgres://postgres:zapdesk@127.0.0.1:${usedPgPort}/zapdesk`,
    jwtSecret: TEST_JWT_SECRET,
    jwtRefreshSecret: TEST_JWT_REFRESH_SECRET,
    dataDir,
    logFile: options.logFile,
    pid: child.pid ?? 0,
    stop,
    crash,
  };
}

async function waitForVersion(
  baseUrl: string,
  child: ChildProcess,
  timeoutMs: number,
  logFile: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `the server exited (${child.exitCode ?? child.signalCode}) before answering:\n${tail(logFile)}`,
      );
    }
    try {
      const answer = await fetch(`${baseUrl}/version`, { signal: AbortSignal.timeout(2000) });
      if (answer.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer GET /version within ${timeoutMs} ms:\n${tail(logFile)}`);
}

async function stopChild(child: ChildProcess, dataDir: string): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGINT');
  let timer: NodeJS.Timeout | undefined;
  const inTime = await Promise.race([
    exited.then(() => true),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), 30_000))),
  ]);
  clearTimeout(timer);
  if (inTime) return;
  child.kill('SIGKILL');
  await exited;
  // The server could not stop its PostgreSQL: stop that one postmaster by the pid it wrote.
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (Number.isInteger(pid) && pid > 0) {
      try {
        process.kill(pid, 'SIGINT');
        for (let i = 0; i < 100; i++) {
          process.kill(pid, 0);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      } catch {
        // gone
      }
    }
  }
}

function tail(file: string, lines = 40): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no server log)';
  }
}

/** One authenticated JSON call to a started server (a node of a multi-process test); throws on a non-2xx answer. */
export async function callServer<T>(
  server: StartedServer,
  token: string,
  method: string,
  url: string,
  body?: unknown,
): Promise<T> {
  const answer = await fetch(`${server.baseUrl}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`${method} ${url} answered ${answer.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}
