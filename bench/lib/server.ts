// The benchmarks run against the built server, started exactly like the e2e harness does it: own DATA_DIR
// under /tmp, embedded PostgreSQL on a free port, rate limits off, warnings-only logging.
import path from 'node:path';
import pg from 'pg';
import { buildApp, repoRoot, startServer, type StartedServer } from '../../e2e/support/server';
import { startFakeOpenAi, type FakeOpenAi } from './fake-openai';

export { repoRoot, type StartedServer };

export interface BenchServer {
  server: StartedServer;
  /** Superuser pool on the server's database, for arranging data. */
  db: pg.Pool;
  /** The model every bot turn of the run asks (the server's OPENAI_BASE_URL). */
  openAi: FakeOpenAi;
  stop(): Promise<void>;
}

/** Builds what is out of date and starts one server for the whole benchmark run. */
export async function startBenchServer(): Promise<BenchServer> {
  buildApp();
  const openAi = await startFakeOpenAi();
  const server = await startServer({
    name: 'zapdesk-bench',
    // Benchmarks may run extra nodes in this process: the built server must hear them. Bots ask the fake model.
    env: { REALTIME_FANOUT: 'postgres', OPENAI_BASE_URL: openAi.baseUrl },
    logFile: path.join(repoRoot, 'test-results', 'bench-server.log'),
    // BENCH_DATA_DIR keeps the database between runs, so a seeded dataset is reused (see docs/benchmarks.md).
    keepDataDir: process.env.BENCH_DATA_DIR || undefined,
    // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server under load.
    nodeArgs: process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean),
  });
  const db = new pg.Pool({ connectionString: server.databaseUrl, max: 4 });
  // An idle client's connection ended by PostgreSQL (a node stopping, a restart) must not end the whole run.
  db.on('error', (error) => console.warn(`· bench pool: ${error.message}`));
  return {
    server,
    db,
    openAi,
    async stop() {
      await db.end();
      await server.stop();
      await openAi.stop();
    },
  };
}
