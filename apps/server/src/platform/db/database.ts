import { Kysely, PostgresDialect } from 'kysely';
import { camelCaseRows } from './camel-case-rows';
import pg from 'pg';
import { leanPool } from './lean-pool';
import { timestampParser } from './timestamp-parser';
import type { Database } from './schema';

/** The role the application's queries run as: it owns nothing, so row-level security always applies. */
export const APP_ROLE = 'zapdesk_app';

/** libpq startup option that makes a connection run as the application role. */
export const APP_ROLE_OPTION = `-c role=${APP_ROLE}`;

// Dates stay 'yyyy-MM-dd' strings; counts and money come back as numbers.
pg.types.setTypeParser(1082, (v) => v);
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));
// Timestamps with a time zone: the same instants as pg's parser, read faster (timestamp-parser.ts).
pg.types.setTypeParser(1184, timestampParser(pg.types.getTypeParser(1184, 'text')));

export interface DatabaseHandles {
  /** Schema owner: migrations, job queue schema. Never used for request work. */
  owner: Kysely<Database>;
  /** Application role: every request and job. */
  app: Kysely<Database>;
  appPool: pg.Pool;
  ownerPool: pg.Pool;
  close(): Promise<void>;
}

export function openDatabase(
  url: string,
  options: { appPoolSize?: number; onIdleError?: (error: Error) => void } = {},
): DatabaseHandles {
  const ownerPool = new pg.Pool({ connectionString: url, max: 4 });
  // The role is a startup option: every connection is the application role before its first query.
  const appPool = new pg.Pool({
    connectionString: url,
    max: options.appPoolSize ?? 20,
    options: APP_ROLE_OPTION,
  });
  // An idle connection dropped by the server (restart, shutdown, failover) must not crash the process:
  // the pool discards it and opens a new one on the next query.
  for (const pool of [ownerPool, appPool]) pool.on('error', (error) => options.onIdleError?.(error));
  const plugins = [camelCaseRows];
  const owner = new Kysely<Database>({ dialect: new PostgresDialect({ pool: ownerPool }), plugins });
  const app = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: leanPool(appPool, undefined, camelCaseRows) }),
    plugins,
  });
  return {
    owner,
    app,
    appPool,
    ownerPool,
    async close() {
      await app.destroy();
      await owner.destroy();
    },
  };
}
