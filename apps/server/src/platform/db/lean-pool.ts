import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type { Writable } from 'node:stream';
import pg from 'pg';
import type { FastCamelCasePlugin } from './camel-case-rows';
import { skipObjectRowTemplates } from './pg-array-rows';
import { StatementNames } from './prepared-statements';

type AnyResult = PostgresQueryResult<unknown>;

/** pg's conversion of a value to the text it binds (not in its type declarations). */
const { prepareValue } = (pg as unknown as { utils: { prepareValue(value: unknown): unknown } }).utils;

/** What Kysely gets for a statement that was not sent: `begin` waiting for the next statement. */
const NOT_SENT: AnyResult = { command: 'SELECT', rowCount: 0, rows: [] };

/**
 * A write a transaction holds back so that many small ones go as one statement (TicketTouches). The connection
 * sends it before the first statement it does not let pass, and with the commit (in the commit's text once the
 * write is prepared on the connection); a rollback drops it.
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
 * The text of the in-process message that turns a checked-out connection statement-wise: each later statement
 * runs in an implicit transaction of its own, opened by the statement the message carries (a tenant's
 * `set_config`). Never sent.
 */
export const EACH_STATEMENT_AFTER = '-- zapdesk: each statement after';

/**
 * The text of the in-process message that runs several statements at once (StatementTemplate.together); its one
 * parameter lists them as `{ text, values }`. Never sent. Its answer is one row whose `results` hold each
 * statement's rows, in order, as RowsOf (not a plain object, so no plugin maps them on the way).
 */
export const TOGETHER = '-- zapdesk: together';

/** One statement's rows in the answer of TOGETHER. */
export class RowsOf {
  constructor(readonly rows: unknown[]) {}
}

/** A statement that only sets the transaction up, and whose answer no one reads: it may wait for the next one. */
const SETS_UP =
  /^select set_config\('[a-z_.]+', '[^'\\]*', true\)(, set_config\('[a-z_.]+', '[^'\\]*', true\))*$/;

/** A statement as pg sends it, and the held opening that must go before it on its own, if any. */
type Sent = { text: string; values?: unknown[]; name?: string; after?: string };

/**
 * A pg client that saves round trips, each of which costs both processes a system call and a wake-up:
 * - hot statements run prepared (see StatementNames);
 * - `begin` and the statements that set the transaction up (the tenant scope's `set_config`) are held back and
 *   sent with the next statement, in one simple-protocol text: with a statement without parameters as it is,
 *   with one already prepared on this connection as `execute name(literals)`, and not at all when the
 *   transaction ends before running anything;
 * - statement-wise (EACH_STATEMENT_AFTER), a prepared statement and its set-up go as one text, which PostgreSQL
 *   runs as one implicit transaction: a read of one statement is one round trip, without begin or commit.
 */
class LeanClient implements PostgresPoolClient {
  /** What opens the transaction and is not sent yet: `begin`, then any set-up statements. */
  #opening: string | undefined;
  #held: HeldWrite | undefined;
  /** Statement-wise: the set-up each statement runs after. */
  #each: string | undefined;

  constructor(
    private readonly client: pg.PoolClient,
    private readonly names: StatementNames,
    /** Builds the rows' objects from pg's arrays of values; without it pg builds them (see answers). */
    private readonly rows?: FastCamelCasePlugin,
  ) {}

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    sqlOrCursor: string | PostgresCursor<R>,
    parameters?: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (sqlOrCursor === EACH_STATEMENT_AFTER) {
      this.#each = String(parameters?.[0]);
      return Promise.resolve(NOT_SENT as PostgresQueryResult<R>);
    }
    if (sqlOrCursor === TOGETHER) {
      return this.together(parameters?.[0] as Array<{ text: string; values: unknown[] }>) as Promise<
        PostgresQueryResult<R>
      >;
    }
    if (this.#each !== undefined) {
      if (typeof sqlOrCursor !== 'string' || sqlOrCursor === HOLD_WRITE || sqlOrCursor === 'begin') {
        return Promise.reject(new Error('statement-wise connections run single statements only'));
      }
      return this.eachStatement<R>(this.#each, sqlOrCursor, parameters ? [...parameters] : []);
    }
    if (sqlOrCursor === HOLD_WRITE) {
      this.#held = parameters?.[0] as HeldWrite;
      return Promise.resolve(NOT_SENT as PostgresQueryResult<R>);
    }
    const held = this.#held;
    const ends = sqlOrCursor === 'commit' || sqlOrCursor === 'rollback';
    if (held && (typeof sqlOrCursor !== 'string' || ends || !held.passes(sqlOrCursor))) {
      if (ends) this.#held = undefined;
      const write = sqlOrCursor === 'rollback' ? null : held.take();
      if (write) {
        const sent = this.opened(write);
        // Before the commit: the write and the commit in one text, one round trip. When the write fails, PostgreSQL
        // skips the rest of the text and the transaction is aborted; the write's error is the one answered.
        const withCommit =
          sqlOrCursor === 'commit' && sent.after === undefined ? this.asText(sent) : undefined;
        if (withCommit !== undefined) return this.send<R>({ text: `${withCommit}; commit` });
        // The write first, then the statement. When the write fails the transaction is aborted: the statement is
        // not sent, and the write's error is the one that says why.
        const written = this.send(sent);
        if (typeof sqlOrCursor !== 'string') {
          written.catch(() => undefined);
          return this.query(sqlOrCursor);
        }
        return written.then(() => this.query<R>(sqlOrCursor, parameters ?? []));
      }
    }
    if (typeof sqlOrCursor !== 'string') {
      // pg runs a client's queries in order: the opening goes first without being awaited here (a cursor is
      // answered at once).
      this.sendOpening();
      return this.client.query(sqlOrCursor as never) as unknown as PostgresCursor<R>;
    }
    const text = sqlOrCursor;
    const values = parameters ? [...parameters] : [];
    const opening = this.#opening;
    if (values.length === 0) {
      if (text === 'begin') {
        this.#opening = 'begin';
        return Promise.resolve(NOT_SENT as PostgresQueryResult<R>);
      }
      if (opening !== undefined && (text === 'commit' || text === 'rollback')) {
        this.#opening = undefined;
        return Promise.resolve(NOT_SENT as PostgresQueryResult<R>);
      }
      if (opening !== undefined && SETS_UP.test(text)) {
        this.#opening = `${opening}; ${text}`;
        return Promise.resolve(NOT_SENT as PostgresQueryResult<R>);
      }
    }
    return this.send<R>(this.opened({ text, values }));
  }

  /** The statement as sent: with the held opening in front of it when it can go in the same text. */
  private opened(statement: { text: string; values: unknown[] }): Sent {
    const opening = this.#opening;
    const sent = this.named(statement);
    if (opening === undefined) return sent;
    const together = this.asText(sent);
    if (together !== undefined) {
      this.#opening = undefined;
      return { text: `${opening}; ${together}` };
    }
    this.#opening = undefined;
    return { ...sent, after: opening };
  }

  /** The statement under its prepared name, if it has one; without parameters, as simple-protocol text. */
  private named({ text, values }: { text: string; values: unknown[] }): Sent {
    if (values.length === 0) return { text };
    const name = this.names.nameFor(text, values.length);
    return name ? { name, text, values } : { text, values };
  }

  /** The statement as simple-protocol text that may follow others: as it is without parameters, else asExecute. */
  private asText(sent: Sent): string | undefined {
    return sent.values === undefined ? sent.text : this.asExecute(sent);
  }

  /**
   * `execute name(literals)` for a statement prepared on this connection already, whose values all have a text
   * form (as pg would bind them); otherwise undefined. The literals are typed by the prepared statement's
   * parameters, as bound values are.
   */
  private asExecute(sent: Sent): string | undefined {
    const { name, values } = sent;
    const connection = (
      this.client as unknown as { connection: { parsedStatements: Record<string, string> } }
    ).connection;
    if (name === undefined || values === undefined || connection.parsedStatements[name] !== sent.text) {
      return undefined;
    }
    const literals: string[] = [];
    for (const value of values) {
      const literal = sqlLiteral(value);
      if (literal === undefined) return undefined;
      literals.push(literal);
    }
    return `execute ${name}(${literals.join(', ')})`;
  }

  /** Sends the held opening on its own; pg runs it before whatever is queued after it. */
  private sendOpening(): void {
    const opening = this.#opening;
    if (opening === undefined) return;
    this.#opening = undefined;
    void this.client.query(opening).catch(() => undefined);
  }

  /**
   * Sends one statement, after the opening it waits for; several statements in one text answer each, and the last
   * answer is the statement's.
   */
  private async send<R>({ after, ...sent }: Sent): Promise<PostgresQueryResult<R>> {
    if (after !== undefined) await this.client.query(after);
    const results = await this.answers(sent);
    return (results[results.length - 1] ?? NOT_SENT) as PostgresQueryResult<R>;
  }

  /**
   * Every answer of a text (one per statement in it). With a row builder, pg reads rows as arrays and the builder
   * makes them the objects the Kysely plugin would have made of pg's.
   */
  private async answers(sent: Omit<Sent, 'after'>): Promise<AnyResult[]> {
    const rows = this.rows;
    const config = rows ? { ...sent, rowMode: 'array' } : sent;
    const answer = (await this.client.query(config as pg.QueryConfig)) as unknown as
      pg.QueryResult | pg.QueryResult[];
    const results = Array.isArray(answer) ? answer : [answer];
    if (!rows) return results as unknown as AnyResult[];
    return results.map((result) => ({
      command: result.command as AnyResult['command'],
      rowCount: result.rowCount as number,
      rows: rows.rowsFromArrays(
        result.fields.map((field) => field.name),
        result.rows as unknown[][],
      ),
    }));
  }

  /**
   * One statement in an implicit transaction of its own, after `setUp`: one text when it can go as one, else
   * (its first runs, before it is prepared here) in a transaction of three round trips.
   */
  private async eachStatement<R>(
    setUp: string,
    text: string,
    values: unknown[],
  ): Promise<PostgresQueryResult<R>> {
    const sent = this.named({ text, values });
    const together = this.asText(sent);
    if (together !== undefined) return this.send<R>({ text: `${setUp}; ${together}` });
    await this.client.query(`begin; ${setUp}`);
    try {
      const result = await this.send<R>(sent);
      await this.client.query('commit');
      return result;
    } catch (error) {
      await this.client.query('rollback').catch(() => undefined);
      throw error;
    }
  }

  /**
   * Several statements, answered together. Statement-wise, when all are prepared here, they go in one text after
   * the set-up: one round trip, one implicit transaction, so one snapshot. Otherwise one after the other, as each
   * would go alone.
   */
  private async together(statements: Array<{ text: string; values: unknown[] }>): Promise<AnyResult> {
    const each = this.#each;
    const texts =
      each === undefined ? undefined : statements.map((statement) => this.asText(this.named(statement)));
    let results: unknown[][];
    if (texts && texts.every((text) => text !== undefined)) {
      const answers = await this.answers({ text: `${each}; ${texts.join('; ')}` });
      results = answers.slice(-statements.length).map((answer) => answer.rows);
    } else {
      results = [];
      for (const { text, values } of statements) results.push((await this.query(text, values)).rows);
    }
    return { command: 'SELECT', rowCount: 1, rows: [{ results: results.map((rows) => new RowsOf(rows)) }] };
  }

  release(): void {
    this.#opening = undefined;
    this.#held = undefined;
    this.#each = undefined;
    this.client.release();
  }
}

/**
 * A value as an SQL literal of the text pg would bind for it, or undefined for values that have no such text
 * (bytes) or could not travel in a simple-protocol text (a NUL character ends it). Quoted by pg's own
 * `escapeLiteral` (an E'' literal when there is a backslash, so it reads the same whatever
 * standard_conforming_strings says), never by hand.
 */
export function sqlLiteral(value: unknown): string | undefined {
  const prepared: unknown = prepareValue(value);
  if (prepared === null) return 'null';
  if (typeof prepared !== 'string' || prepared.includes('\0')) return undefined;
  // Nothing to escape: the same text escapeLiteral would write, without its copy loop on the hot path.
  if (!/['\\]/.test(prepared)) return `'${prepared}'`;
  return pg.escapeLiteral(prepared).trimStart();
}

/**
 * The pool Kysely sees: pg's own, each checked-out client saving round trips (LeanClient). With `rows`, the
 * Kysely instance's camelCase plugin, rows are built once from pg's arrays rather than copied from pg's objects.
 */
export function leanPool(
  pool: pg.Pool,
  names = new StatementNames(),
  rows?: FastCamelCasePlugin,
): PostgresPool {
  if (rows) skipObjectRowTemplates();
  // Every client of the pool, once, as it connects: its later writes go out together.
  pool.on('connect', (client) => {
    const stream = (client as unknown as { connection?: { stream?: Writable } }).connection?.stream;
    if (stream) batchWrites(stream);
  });
  return {
    connect: async () => new LeanClient(await pool.connect(), names, rows),
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
