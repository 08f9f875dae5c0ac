// `npm run db:types`: migrates a throwaway PostgreSQL (or the one given with --url) to the latest migration
// and writes schema/generated.ts from its catalog.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedServer } from './embedded-postgres';
import { migrateToLatest } from './migrator';
import { GENERATED_TYPES_FILE, generateSchemaTypes } from './type-generator';

async function main(): Promise<void> {
  const urlFlag = process.argv.indexOf('--url');
  const givenUrl = urlFlag >= 0 ? process.argv[urlFlag + 1] : undefined;
  let server: EmbeddedServer | undefined;
  let tempDir: string | undefined;
  let url = givenUrl;
  if (!url) {
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zapdesk-types-'));
    // Run as root, PostgreSQL works as the postgres user, which must be able to enter the folder.
    fs.chmodSync(tempDir, 0o755);
    const port = 40000 + Math.floor(Math.random() * 20000);
    server = await startEmbeddedPostgres({ dir: path.join(tempDir, 'pg'), port, database: 'zapdesk_types' });
    url = server.url;
  }
  try {
    await migrateToLatest(url);
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    try {
      const target = new URL(GENERATED_TYPES_FILE, import.meta.url).pathname;
      fs.writeFileSync(target, await generateSchemaTypes(pool));
      console.log(`wrote ${path.relative(process.cwd(), target)}`);
    } finally {
      await pool.end();
    }
  } finally {
    await server?.stop();
    if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
