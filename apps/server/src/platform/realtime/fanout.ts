import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import { APP_ROLE } from '../db/database';

export type AdapterFactory = ReturnType<typeof createAdapter>;

export interface Fanout {
  adapter: AdapterFactory;
  close(): Promise<void>;
}

/** The table holding broadcasts too large for NOTIFY (created by a migration, pruned by the adapter). */
export const ATTACHMENTS_TABLE = 'socket_io_attachments';

/**
 * Carries socket.io broadcasts between nodes over PostgreSQL LISTEN/NOTIFY (decision 0001), so an emit
 * on any node reaches sockets held by every node. Its own small pool: one connection stays on LISTEN.
 */
export function createPostgresFanout(databaseUrl: string, onError: (error: Error) => void): Fanout {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 3 });
  pool.on('connect', (client) => {
    client.query(`set role ${APP_ROLE}`).catch(() => undefined);
  });
  pool.on('error', onError);
  return {
    adapter: createAdapter(pool, { tableName: ATTACHMENTS_TABLE, errorHandler: onError }),
    close: () => pool.end(),
  };
}
