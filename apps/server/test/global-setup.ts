import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/platform/db/embedded-postgres';
import { migrateToLatest } from '../src/platform/db/migrator';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/** One real PostgreSQL for the whole run (or TEST_DATABASE_URL); every test file builds its own companies. */
export default async function setup(project: TestProject) {
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    await migrateToLatest(external);
    project.provide('databaseUrl', external);
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zapdesk-test-'));
  // Run as root, PostgreSQL works as the postgres user, which must be able to enter the folder.
  fs.chmodSync(dir, 0o755);
  const port = 20000 + Math.floor(Math.random() * 20000);
  const server = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), port, database: 'zapdesk_test' });
  await migrateToLatest(server.url);
  project.provide('databaseUrl', server.url);
  return async () => {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
