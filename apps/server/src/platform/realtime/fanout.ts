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

/** The adapter's NOTIFY channel for a namespace (its default `channelPrefix`). */
const channelOf = (nsp: string) => `socket.io#${nsp}`;

/**
 * Carries socket.io broadcasts between nodes over PostgreSQL LISTEN/NOTIFY (decision 0001), so an emit
 * on any node reaches sockets held by every node. Its own small pool: one connection stays on LISTEN.
 * Its commits are asynchronous: a notification is never durable anyway (a listener that is away misses
 * it), so waiting for a disk flush per NOTIFY would only slow every emit down.
 */
export function createPostgresFanout(databaseUrl: string, onError: (error: Error) => void): Fanout {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 3,
    options: `${APP_ROLE_OPTION} -c synchronous_commit=off`,
  });
  pool.on('error', onError);
  // Several NOTIFYs in one statement and one commit; they are delivered in the order they were made.
  const notify = async (nsp: string, payloads: string[]) => {
    await pool.query('select pg_notify($1, payload) from unnest($2::text[]) as payload', [
      channelOf(nsp),
      payloads,
    ]);
  };
  return {
    adapter: batchedInOrder(
      createAdapter(pool, { tableName: ATTACHMENTS_TABLE, errorHandler: onError }),
      notify,
    ),
    close: () => pool.end(),
  };
}

/** The parts of a socket.io cluster message this wrapper reads (socket.io-adapter's ClusterMessage). */
interface ClusterMessage {
  uid: string;
  nsp: string;
  type: number;
  data?: unknown;
}

/** Our own message type, beyond socket.io-adapter's (1–13): several messages published as one. */
export const BATCH_TYPE = 1001;
/** NOTIFY refuses payloads of 8000 bytes or more; larger messages go alone through the adapter's attachments. */
export const MAX_BATCH_BYTES = 7500;
/** NOTIFYs sent together in one statement. */
const MAX_NOTIFIES = 32;

interface ClusterNode {
  uid: string;
  doPublish(message: ClusterMessage): Promise<string>;
  onMessage(message: ClusterMessage, offset?: string): void;
}

interface Queued {
  message: ClusterMessage;
  /** The message as JSON, or null when it carries binary data (only the adapter's attachments can carry it). */
  json: string | null;
  /** Its UTF-8 length. */
  bytes: number;
  settle(error?: unknown): void;
}

/**
 * Publishes one at a time, so every node delivers in emit order (the adapter delivers a broadcast locally only
 * after publishing it, and concurrent publishes on the pool could overtake each other). While one publish is in
 * flight the next messages queue, and then go together: several to a NOTIFY (up to MAX_BATCH_BYTES), several
 * NOTIFYs to a statement. Under load one round trip carries hundreds of events, with no added wait when traffic
 * is light. Receivers unpack a batch in order; every node must run this wrapper (a node without it would ignore
 * batches).
 */
function batchedInOrder(
  factory: AdapterFactory,
  notify: (nsp: string, payloads: string[]) => Promise<void>,
): AdapterFactory {
  // socket.io calls the factory with `new`: it must be a function, not an arrow.
  return function batchedAdapter(nsp: Parameters<AdapterFactory>[0]) {
    const adapter = factory(nsp);
    const node = adapter as unknown as ClusterNode;
    const publishOne = node.doPublish.bind(adapter);
    const deliver = node.onMessage.bind(adapter);
    node.onMessage = (message, offset) => {
      if (message.type !== BATCH_TYPE) return deliver(message, offset);
      for (const one of (message.data as { messages: ClusterMessage[] }).messages) deliver(one, offset);
    };

    const queue: Queued[] = [];
    let flushing = false;
    // PostgreSQL delivers identical payloads sent in one transaction only once: a sequence number tells them apart.
    let sequence = 0;
    const flush = async () => {
      flushing = true;
      while (queue.length > 0) {
        // A message only the attachments can carry goes on its own; the others in NOTIFY-sized batches.
        const alone = goesAlone(queue[0]);
        const batches = alone ? [queue.splice(0, 1)] : takeBatches(queue);
        const sent = batches.flat();
        const [single] = sent;
        try {
          if (alone && single) await publishOne(single.message);
          else
            await notify(
              nsp.name,
              batches.map((batch) => batchPayload(node.uid, nsp.name, batch, sequence++)),
            );
          for (const one of sent) one.settle();
        } catch (error) {
          for (const one of sent) one.settle(error);
        }
      }
      flushing = false;
    };
    node.doPublish = (message) =>
      new Promise<string>((resolve, reject) => {
        const json = hasBinary(message) ? null : JSON.stringify(message);
        queue.push({
          message,
          json,
          bytes: json === null ? 0 : Buffer.byteLength(json),
          settle: (error) => (error === undefined ? resolve('') : reject(error)),
        });
        if (!flushing) void flush();
      });
    return adapter;
  };
}

/** A binary or oversized message: only the adapter's attachments can carry it. */
function goesAlone(queued: Queued | undefined): boolean {
  return queued !== undefined && (queued.json === null || queued.bytes >= MAX_BATCH_BYTES);
}

/** Up to MAX_NOTIFIES batches of the oldest queued messages, stopping before one that goes alone. */
function takeBatches(queue: Queued[]): Queued[][] {
  const batches: Queued[][] = [];
  while (batches.length < MAX_NOTIFIES && queue.length > 0 && !goesAlone(queue[0]))
    batches.push(takeBatch(queue));
  return batches;
}

/** The oldest queued messages that fit in one NOTIFY (none of them goes alone). */
function takeBatch(queue: Queued[]): Queued[] {
  const batch: Queued[] = [];
  let bytes = 96;
  for (;;) {
    const next = queue[0];
    if (!next || goesAlone(next)) break;
    const size = next.bytes + 1;
    if (batch.length > 0 && bytes + size >= MAX_BATCH_BYTES) break;
    batch.push(next);
    queue.shift();
    bytes += size;
  }
  return batch;
}

function batchPayload(uid: string, nsp: string, batch: Queued[], sequence: number): string {
  const head = JSON.stringify({ uid, nsp, type: BATCH_TYPE, sequence });
  return `${head.slice(0, -1)},"data":{"messages":[${batch.map((b) => b.json).join(',')}]}}`;
}

function hasBinary(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) return true;
  return Object.values(value).some(hasBinary);
}
