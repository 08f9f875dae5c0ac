// Starting like a product (issue 16 §3): the built server comes back by itself after kill -9 on the same data
// folder, two installations with their own data folders run side by side, and a failed start says why.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot, startServer, type StartedServer } from './support/server';

const folders: string[] = [];
const running: StartedServer[] = [];

function dataFolder(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `zapdesk-${name}-`));
  folders.push(dir);
  return dir;
}

function logFile(name: string): string {
  return path.join(repoRoot, 'test-results', `restart-${name}.log`);
}

async function start(name: string, dir: string, env: Record<string, string> = {}): Promise<StartedServer> {
  const server = await startServer({
    logFile: logFile(name),
    keepDataDir: dir,
    rememberedPgPort: true,
    env,
    readyTimeoutMs: 90_000,
  });
  running.push(server);
  return server;
}

async function loginAsDemoAdmin(server: StartedServer): Promise<number> {
  const answer = await fetch(`${server.baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@admin.com', password: '123456' }),
  });
  return answer.status;
}

function postmasterPid(dir: string): number | null {
  try {
    return Number(fs.readFileSync(path.join(dir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return null;
  }
}

function isRunning(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^[ZX]$/.test(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0] ?? 'X');
  } catch {
    return false;
  }
}

afterAll(async () => {
  for (const server of running) await server.stop();
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

// Each test starts the built server two or three times, each start a PostgreSQL and migrations: slow on a busy
// machine.
const STARTS_TIMEOUT_MS = 300_000;

describe('starting the built server', { timeout: STARTS_TIMEOUT_MS }, () => {
  it('comes back by itself after kill -9 on the same data folder, with the same PostgreSQL port', async () => {
    const dir = dataFolder('restart');
    const first = await start('first', dir);
    expect(await loginAsDemoAdmin(first)).toBe(200);
    const port = fs.readFileSync(path.join(dir, 'postgres.port'), 'utf8').trim();

    await first.crash();
    // What a kill -9 leaves behind: the PostgreSQL of the killed server, still running on the folder.
    const orphan = postmasterPid(dir);
    expect(orphan).not.toBeNull();
    expect(isRunning(orphan ?? 0)).toBe(true);

    const second = await start('second', dir);
    expect(await loginAsDemoAdmin(second)).toBe(200);
    expect(fs.readFileSync(path.join(dir, 'postgres.port'), 'utf8').trim()).toBe(port);
    expect(isRunning(orphan ?? 0)).toBe(false);

    // A PostgreSQL whose server is alive is no orphan: a second server on the folder is refused, with advice.
    const intruder = await start('same-folder', dir).then(
      () => new Error('a second server started on a folder in use'),
      (error: unknown) => error,
    );
    expect(intruder).toBeInstanceOf(Error);
    expect(fs.readFileSync(logFile('same-folder'), 'utf8')).toContain('is in use by another Zapdesk server');
    expect(await loginAsDemoAdmin(second)).toBe(200);
    await second.stop();
    expect(postmasterPid(dir)).toBeNull();
  });

  it('runs two installations with their own data folders side by side', async () => {
    const [one, two] = await Promise.all([
      start('side-a', dataFolder('side-a')),
      start('side-b', dataFolder('side-b')),
    ]);
    expect(await loginAsDemoAdmin(one)).toBe(200);
    expect(await loginAsDemoAdmin(two)).toBe(200);
    const portOf = (server: StartedServer) =>
      fs.readFileSync(path.join(server.dataDir, 'postgres.port'), 'utf8').trim();
    expect(portOf(one)).not.toBe(portOf(two));
    await Promise.all([one.stop(), two.stop()]);
  });

  it('says what went wrong and what to do when PostgreSQL cannot start', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const address = blocker.address();
    const taken = typeof address === 'object' && address ? address.port : 0;
    try {
      const failure = await start('failed', dataFolder('failed'), { EMBEDDED_PG_PORT: String(taken) }).then(
        () => new Error('the server started on a taken port'),
        (error: unknown) => error,
      );
      const output = fs.readFileSync(logFile('failed'), 'utf8');
      expect(failure).toBeInstanceOf(Error);
      expect(output).toContain('Zapdesk could not start.');
      expect(output).toContain(`port ${taken}) did not start`);
      expect(output).toContain(`What to do: Port ${taken} is taken by another program`);
      expect(output).not.toMatch(/^undefined$/m);
    } finally {
      blocker.close();
    }
  });
});
