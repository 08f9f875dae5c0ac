import path from 'node:path';
import { loadConfig, type Config } from './platform/config/config';
import { startEmbeddedPostgres, type EmbeddedServer } from './platform/db/embedded-postgres';
import { migrateToLatest } from './platform/db/migrator';
import { tuneGarbageCollector } from './platform/runtime/gc-tuning';
import { Scopes } from './platform/tenancy';
import { openDatabase } from './platform/db/database';
import { createServer, type ZapdeskServer } from './server';
import { describeStartFailure } from './platform/runtime/startup-error';
import { demoPasswordStillWorks, DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from './seed';

/** Starts PostgreSQL (embedded unless DATABASE_URL is set) and answers its URL. */
async function startDatabase(config: Config): Promise<{ url: string; embedded?: EmbeddedServer }> {
  if (config.databaseUrl) return { url: config.databaseUrl };
  const embedded = await startEmbeddedPostgres({
    dir: path.join(config.dataDir, 'postgres'),
    port: config.embeddedPgPort,
    database: 'zapdesk',
    log: (line) => {
      if (line.startsWith('stopping the PostgreSQL')) console.log(`  ${line}`);
    },
  });
  return { url: embedded.url, embedded };
}

async function seed(config: Config, url: string): Promise<void> {
  const db = openDatabase(url);
  try {
    await seedDemo(new Scopes(db.owner), config.adminPassword);
  } finally {
    await db.close();
  }
}

async function main(command: string): Promise<void> {
  const started = Date.now();
  tuneGarbageCollector();
  const config = loadConfig();
  const { url, embedded } = await startDatabase(config);
  const stopDatabase = async () => embedded?.stop();
  let server: ZapdeskServer | undefined;
  let base: string;
  try {
    await migrateToLatest(url);
    if (command === 'migrate') return await stopDatabase();
    await seed(config, url);
    if (command === 'seed') return await stopDatabase();
    server = await createServer(config, url);
    base = await server.listen();
  } catch (error) {
    // Nothing is left running after a failed start: the next start must not find a stray PostgreSQL.
    await server?.close().catch(() => undefined);
    await stopDatabase();
    throw error;
  }
  const warnDemo = await demoPasswordStillWorks(server.ctx.scopes);
  const lines = [
    '',
    `  Zapdesk is running on ${base}  (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
    `  Database: ${embedded ? `embedded PostgreSQL in ${path.join(config.dataDir, 'postgres')}` : 'DATABASE_URL'}`,
  ];
  if (warnDemo) {
    lines.push(
      `  Demo login: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`,
      '',
      '  !!! WARNING: the demo super admin still accepts the published password.',
      '  !!! Change it (Profile -> password) before exposing this server.',
    );
  }
  console.log(lines.join('\n') + '\n');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    server?.app.log.info({ signal }, 'shutting down');
    try {
      await server?.close();
    } finally {
      await stopDatabase();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main(process.argv[2] ?? 'serve').catch((error: unknown) => {
  console.error(`\n  Zapdesk could not start.\n  ${describeStartFailure(error).replace(/\n/g, '\n  ')}\n`);
  process.exit(1);
});
