import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type { Writable } from 'node:stream';
import type pg from 'pg';
import { StatementNames } from './prepared-statements';

type AnyResult = PostgresQueryResult<unknown>;

/** What Kysely gets for a statement that was not sent: `begin` waiting for the next statement. */
const NOT_SENT: AnyResult = { command: 'SELECT', rowCount: 0, rows: [] };

/**
 * A write a transaction holds back so that many small ones go as one statement (TicketTouches). The connection
 * sends it before the first statement it does not let pass, and before the commit; a rollback drops it.
 */
export interface HeldWrite {
  /** The statement that writes what is held now, or null when nothing is; what it answers is forgotten. */
  take(): { text: string; values: unknown[] } | null;
  /** Whether a statement (its SQL text) can neither see nor change what is held, so it may go first. */
  passes(text: string): boolean;
}

/** The text of the in-process message that hands a HeldWrite to the transaction's connection; never sent. */
export const HOLD_WRITE = '-- zapdesk: hold write';

/**
 * A pg client that saves round trips, each of which costs both processes a system call and a wake-up:
 * - hot statements run prepared (see StatementNames);
 * - `begin` is held back and sent with the next statement: in one text with a statement without parameters
 *   (the tenant scope's `set_config`), and not at all when the transaction ends before running anything.
 */
class LeanClient implements PostgresPoolClient {
  #beginHeld = false;
  #held: HeldWrite | undefined;

  constructor(
    private readonly client: pg.PoolClient,
    private readonly names: StatementNames,
  ) {}

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    sqlOrCursor: string | PostgresCursor<R>,
    parameters?: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    const client = this.client as unknown as {
      query(
        config: unknown,
      ): Promise<PostgresQueryResult<R> | Array<PostgresQueryResult<R>>> | PostgresCursor<R>;
    };
    if (sqlOrCursor === HOLD_WRITE) {
      this.#held = parameters?.[0] as HeldWrite;
      return Promise.resolve(NOT_SENT as PostgresQueryResult<R>);
    }
    const held = this.#held;
    if (held && (typeof sqlOrCursor !== 'string' || !held.passes(sqlOrCursor))) {
      if (sqlOrCursor === 'commit' || sqlOrCursor === 'rollback') this.#held = undefined;
      const write = sqlOrCursor === 'rollback' ? null : held.take();
      if (write) {
        // Both go at once: a client runs its queries in order. When the write fails the transaction is aborted and
        // the statement fails too; the write's error is the one that says why.
        const written = this.sendHeld(write);
        if (typeof sqlOrCursor !== 'string') {
          written.catch(() => undefined);
          return this.query(sqlOrCursor);
        }
        const answer = this.query<R>(sqlOrCursor, parameters ?? []);
        return written.then(
          () => answer,
          (error: unknown) => {
            answer.catch(() => undefined);
            throw error;
          },
        );
      }
    }
    const begin = this.#beginHeld;
    this.#beginHeld = false;
    if (typeof sqlOrCursor !== 'string') {
      // pg runs a client's queries in order: the begin goes first without being awaited here.
      if (begin) void (client.query({ text: 'begin' }) as Promise<unknown>).catch(() => undefined);
      return client.query(sqlOrCursor) as PostgresCursor<R>;
    }
    const text = sqlOrCursor;
    const values = parameters ? [...parameters] : [];
    if (values.length === 0 && text === 'begin') {
      this.#beginHeld = true;
      return Promise.resolve(NOT_SENT as PostgresQueryResult<R>);
    }
    if (begin && values.length === 0 && (text === 'commit' || text === 'rollback')) {
      return Promise.resolve(NOT_SENT as PostgresQueryResult<R>);
    }
    if (begin && values.length === 0) {
      // The simple protocol carries both statements in one message and answers both results.
      return (client.query({ text: `begin; ${text}` }) as Promise<Array<PostgresQueryResult<R>>>).then(
        (results) => results[results.length - 1] ?? (NOT_SENT as PostgresQueryResult<R>),
      );
    }
    if (begin) void (client.query({ text: 'begin' }) as Promise<unknown>).catch(() => undefined);
    const name = this.names.nameFor(text, values.length);
    return client.query(name ? { name, text, values } : { text, values }) as Promise<PostgresQueryResult<R>>;
  }

  /** Queues the held write (after the held begin, if any) as a statement of its own; a client runs in order. */
  private sendHeld(write: { text: string; values: unknown[] }): Promise<unknown> {
    const client = this.client as unknown as { query(config: unknown): Promise<unknown> };
    if (this.#beginHeld) {
      this.#beginHeld = false;
      void client.query({ text: 'begin' }).catch(() => undefined);
    }
    const name = this.names.nameFor(write.text, write.values.length);
    return client.query(name ? { name, ...write } : write);
  }

  release(): void {
    this.#beginHeld = false;
    this.#held = undefined;
    this.client.release();
  }
}

/** The pool Kysely sees: pg's own, each checked-out client saving round trips (LeanClient). */
export function leanPool(pool: pg.Pool, names = new StatementNames()): PostgresPool {
  // Every client of the pool, once, as it connects: its later writes go out together.
  pool.on('connect', (client) => {
    const stream = (client as unknown as { connection?: { stream?: Writable } }).connection?.stream;
    if (stream) batchWrites(stream);
  });
  return {
    connect: async () => new LeanClient(await pool.connect(), names),
    end: () => pool.end(),
  };
}

/**
 * Sends what one turn of the event loop writes to a socket in one system call. pg writes each protocol message on
 * its own (a prepared statement is bind, describe, execute and sync: four writes), and the socket sent the first
 * at once and the rest in a second call. The first write of a turn corks the socket, and the end of the turn
 * uncorks it, before any I/O could wait on an answer.
 */
export function batchWrites(stream: Writable): void {
  const write = stream.write.bind(stream) as (...args: unknown[]) => boolean;
  let corked = false;
  const uncork = () => {
    corked = false;
    stream.uncork();
  };
  stream.write = ((...args: unknown[]) => {
    if (!corked) {
      corked = true;
      stream.cork();
      process.nextTick(uncork);
    }
    return write(...args);
  }) as Writable['write'];
}
