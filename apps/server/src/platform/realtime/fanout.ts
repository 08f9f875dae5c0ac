import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import { APP_ROLE_OPTION } from '../db/database';

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
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 3, options: APP_ROLE_OPTION });
  pool.on('error', onError);
  return {
    adapter: inOrder(createAdapter(pool, { tableName: ATTACHMENTS_TABLE, errorHandler: onError })),
    close: () => pool.end(),
  };
}

interface Publisher {
  doPublish(message: unknown): Promise<string>;
}

/**
 * The adapter delivers a broadcast locally only after publishing it, and publishes run concurrently on
 * the pool, so two emits in a row could reach local sockets reversed (an update after its delete).
 * Publishing one at a time keeps every node's deliveries in emit order.
 */
function inOrder(factory: AdapterFactory): AdapterFactory {
  // socket.io calls the factory with `new`: it must be a function, not an arrow.
  return function orderedAdapter(nsp: Parameters<AdapterFactory>[0]) {
    const adapter = factory(nsp);
    const publisher = adapter as unknown as Publisher;
    const publish = publisher.doPublish.bind(adapter);
    let tail: Promise<unknown> = Promise.resolve();
    publisher.doPublish = (message) => {
      const next = tail.then(() => publish(message));
      tail = next.catch(() => undefined);
      return next;
    };
    return adapter;
  };
}
