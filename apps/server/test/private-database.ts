import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { migrateToLatest } from '../src/platform/db/migrator';

export interface PrivateDatabase {
  url: string;
  /** Runs a statement as the database's owner (a test changing the schema for itself, such as a constraint). */
  asOwner(statement: string): Promise<void>;
  drop(): Promise<void>;
}

/**
 * A migrated database of its own on the test PostgreSQL server, for tests whose servers sweep every
 * company (session take-over): on the shared database they would claim other files' rows.
 */
export async function createPrivateDatabase(): Promise<PrivateDatabase> {
  const shared = new URL(inject('databaseUrl'));
  const name = `zapdesk_private_${randomBytes(6).toString('hex')}`;
  const admin = new URL(shared);
  admin.pathname = '/postgres';
  const run = async (statement: string, on = admin) => {
    const client = new pg.Client({ connectionString: on.toString() });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(shared);
  url.pathname = `/${name}`;
  await migrateToLatest(url.toString());
  return {
    url: url.toString(),
    asOwner: (statement) => run(statement, url),
    drop: () => run(`drop database if exists ${name} with (force)`),
  };
}
