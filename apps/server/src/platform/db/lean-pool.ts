import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';
import { StatementNames } from './prepared-statements';

type AnyResult = PostgresQueryResult<unknown>;

/** What Kysely gets for a statement that was not sent: `begin` waiting for the next statement. */
const NOT_SENT: AnyResult = { command: 'SELECT', rowCount: 0, rows: [] };

/**
 * A pg client that saves round trips, each of which costs both processes a system call and a wake-up:
 * - hot statements run prepared (see StatementNames);
 * - `begin` is held back and sent with the next statement: in one text with a statement without parameters
 *   (the tenant scope's `set_config`), and not at all when the transaction ends before running anything.
 */
class LeanClient implements PostgresPoolClient {
  #beginHeld = false;

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

  release(): void {
    this.#beginHeld = false;
    this.client.release();
  }
}

/** The pool Kysely sees: pg's own, each checked-out client saving round trips (LeanClient). */
export function leanPool(pool: pg.Pool, names = new StatementNames()): PostgresPool {
  return {
    connect: async () => new LeanClient(await pool.connect(), names),
    end: () => pool.end(),
  };
}
