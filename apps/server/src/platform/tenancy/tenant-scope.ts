import {
  CompiledQuery,
  sql,
  type KyselyPlugin,
  type DeleteQueryBuilder,
  type DeleteResult,
  type Kysely,
  type SelectQueryBuilder,
  type Transaction,
  type UpdateQueryBuilder,
  type UpdateResult,
} from 'kysely';
import type { Database, TenantTable } from '../db/schema';
import { EACH_STATEMENT_AFTER, HOLD_WRITE, type HeldWrite } from '../db/lean-pool';

type AfterCommit = () => void | Promise<void>;

/** Queues work for after the commit; inbound processing passes its own so a rolled-back event emits nothing. */
export type Defer = (fn: () => void) => void;

/** Work bound to one database transaction, with callbacks that run only once it commits. */
abstract class BoundTransaction {
  readonly #afterCommit: AfterCommit[];
  /** `shared` lets a view of the same transaction queue into its parent's after-commit list. */
  constructor(shared: AfterCommit[] = []) {
    this.#afterCommit = shared;
  }

  /** @internal */
  protected get afterCommitQueue(): AfterCommit[] {
    return this.#afterCommit;
  }

  /** Queues work (socket emits, job enqueues) for after a successful commit. */
  afterCommit(fn: AfterCommit): void {
    this.#afterCommit.push(fn);
  }

  /** @internal */
  async flushAfterCommit(): Promise<void> {
    for (const fn of this.#afterCommit) await fn();
  }
}

/**
 * A transaction of one company. Queries built from its helpers carry `company_id = companyId`;
 * PostgreSQL row-level security (app.company_id set locally) backs that up for every other query.
 */
export class TenantTx extends BoundTransaction {
  /** Private on purpose: the only way out is `unscoped()`, so every query without the company filter is greppable. */
  readonly #db: Transaction<Database>;

  constructor(
    db: Transaction<Database>,
    readonly companyId: number,
    shared?: AfterCommit[],
    /** Whether Kysely plugins of its own see its queries (withPlugin): they must see every query's tree. */
    readonly plugged = false,
  ) {
    super(shared);
    this.#db = db;
  }

  /**
   * The one door to the raw transaction: queries built on it do NOT get the company filter that `selectFrom`,
   * `updateTable` and `deleteFrom` add. PostgreSQL row-level security (app.company_id) still applies to every
   * statement, so another company's rows stay out of reach; what is lost is the explicit `company_id = …`
   * predicate (and with it, often, the index that leads with company_id).
   *
   * Allowed only for what the helpers cannot say: raw SQL (sql`…`.execute(tx.unscoped()): functions,
   * advisory locks, CTEs, NOTIFY), tables without a company_id (companies, plans: the company's own row is the
   * one RLS shows), and compiled statements sent as they are (StatementTemplate). Anything else goes through the
   * helpers. `npm run imports` lists the files allowed to open this door (scripts/check-imports.mjs).
   */
  unscoped(): Transaction<Database> {
    return this.#db;
  }

  private companyFilter(table: TenantTable) {
    return sql<boolean>`${sql.ref(`${table}.companyId`)} = ${this.companyId}`;
  }

  // The casts only name the builder type Kysely infers for a literal table; a generic table name confuses it.
  selectFrom<T extends TenantTable>(table: T): SelectQueryBuilder<Database, T, object> {
    const qb = this.#db.selectFrom(table as TenantTable) as unknown as SelectQueryBuilder<
      Database,
      T,
      object
    >;
    return qb.where(this.companyFilter(table));
  }

  updateTable<T extends TenantTable>(table: T): UpdateQueryBuilder<Database, T, T, UpdateResult> {
    const qb = this.#db.updateTable(table as TenantTable) as unknown as UpdateQueryBuilder<
      Database,
      T,
      T,
      UpdateResult
    >;
    return qb.where(this.companyFilter(table));
  }

  deleteFrom<T extends TenantTable>(table: T): DeleteQueryBuilder<Database, T, DeleteResult> {
    const qb = this.#db.deleteFrom(table as TenantTable) as unknown as DeleteQueryBuilder<
      Database,
      T,
      DeleteResult
    >;
    return qb.where(this.companyFilter(table));
  }

  /** Inserts always go through `db.insertInto` with `companyId: tx.companyId`; RLS refuses any other company. */
  get insertInto() {
    return this.#db.insertInto.bind(this.#db);
  }

  /**
   * Lets the transaction's connection hold back a write until a statement that might see it, or the commit
   * (HeldWrite). Kysely runs a transaction's statements one after the other on one connection, so every later
   * statement of this transaction passes there, whichever view of it sends it.
   */
  async holdWrite(held: HeldWrite): Promise<void> {
    await this.#db.executeQuery(CompiledQuery.raw(HOLD_WRITE, [held]));
  }

  /** The same transaction with a Kysely plugin on its queries; after-commit work is shared. */
  withPlugin(plugin: KyselyPlugin): TenantTx {
    return new TenantTx(this.#db.withPlugin(plugin), this.companyId, this.afterCommitQueue, true);
  }
}

/** Cross-tenant work (super user, sweeps, login lookups). Greppable on purpose: `asSystem`. */
export class SystemTx extends BoundTransaction {
  /**
   * The whole transaction with row-level security lifted: every company's rows. Only `scopes.asSystem` makes a
   * SystemTx, so that call is the greppable door here; a company's work takes `asTenant` instead.
   */
  readonly db: Transaction<Database>;

  constructor(db: Transaction<Database>) {
    super();
    this.db = db;
  }

  /**
   * The same as `db`: on a system transaction every query is unscoped. It exists so that code taking either kind
   * of transaction (`SystemTx | TenantTx`: the companies and invoices repositories) opens the one door by its name.
   */
  unscoped(): Transaction<Database> {
    return this.db;
  }

  /**
   * A company's view of this same transaction (super-user work on one company, sweeps): its queries carry
   * the company filter and its after-commit callbacks run with this transaction's.
   */
  asTenant(companyId: number): TenantTx {
    return new TenantTx(this.db, companyId, this.afterCommitQueue);
  }
}

async function runBound<T, X extends BoundTransaction>(
  db: Kysely<Database>,
  setup: (trx: Transaction<Database>) => Promise<void>,
  make: (trx: Transaction<Database>) => X,
  fn: (tx: X) => Promise<T>,
): Promise<T> {
  let bound: X | undefined;
  const result = await db.transaction().execute(async (trx) => {
    await setup(trx);
    bound = make(trx);
    return fn(bound);
  });
  await bound?.flushAfterCommit();
  return result;
}

/** A statement-wise connection's writes commit without waiting for the disk (work a crash may lose and redo). */
const ASYNC_COMMIT = `, set_config('synchronous_commit', 'off', true)`;

/** Opens tenant and system transactions on the application role's connection pool. */
export class Scopes {
  constructor(private readonly db: Kysely<Database>) {}

  /** A scope for one company; the id must come from a credential, never from input. */
  tenant(companyId: number): TenantScope {
    return new TenantScope(this.db, companyId);
  }

  /**
   * The scope a request acts in: a super user may name another company (a `companyId` in the query or body);
   * anyone else acts in their own, whatever they name. The one place that rule lives.
   */
  actingFor(actor: { companyId: number; isSuper: boolean }, requestedCompanyId?: number | null): TenantScope {
    return this.tenant(actor.isSuper && requestedCompanyId ? requestedCompanyId : actor.companyId);
  }

  /**
   * Runs `fn`'s statements each on its own with row-level security lifted, as TenantScope.read runs a company's:
   * a prepared statement is one round trip, in an implicit transaction of its own, without begin or commit.
   * `asyncCommit` lets such a statement's writes commit without waiting for the disk (work a crash may lose
   * and that is redone anyway, like a claim). After-commit work runs once `fn` is done.
   */
  async asSystemStatements<T>(
    fn: (tx: SystemTx) => Promise<T>,
    options: { asyncCommit?: boolean } = {},
  ): Promise<T> {
    const setUp = `select set_config('app.system', 'on', true)` + (options.asyncCommit ? ASYNC_COMMIT : '');
    let bound: SystemTx | undefined;
    const result = await this.db.connection().execute(async (db) => {
      await db.executeQuery(CompiledQuery.raw(EACH_STATEMENT_AFTER, [setUp]));
      // Not a Transaction, but nothing a statement uses tells them apart.
      bound = new SystemTx(db as Transaction<Database>);
      return fn(bound);
    });
    await bound?.flushAfterCommit();
    return result;
  }

  /** Runs `fn` with row-level security lifted for cross-tenant work. */
  asSystem<T>(fn: (tx: SystemTx) => Promise<T>): Promise<T> {
    return runBound(
      this.db,
      async (trx) => {
        await sql.raw(`select set_config('app.system', 'on', true)`).execute(trx);
      },
      (trx) => new SystemTx(trx),
      fn,
    );
  }
}

/**
 * Plans made once per statement rather than for each run's values. A plan built for the actual company id trusts
 * the column statistics, and for a company that grew since the last ANALYZE (a new one above all) they promise
 * about one row: any index that starts with company_id then looks as good as the right one, and the planner may
 * scan all of the company's rows to find one. A generic plan assumes an average company and is planned only once.
 * For key lookups and the list tabs; never for the history search, whose function's plans need the term's keys.
 */
const GENERIC_PLANS = `, set_config('plan_cache_mode', 'force_generic_plan', true)`;
/**
 * For the inbound pipeline's transactions, with generic plans: a generic plan stays until the next ANALYZE of its
 * tables, and one built while a table was nearly empty would scan it whole however much it grew meanwhile.
 */
const NO_SEQUENTIAL_SCANS = `, set_config('enable_seqscan', 'off', true)`;

/** How a transaction plans its prepared statements (see GENERIC_PLANS and NO_SEQUENTIAL_SCANS). */
export interface PlanOptions {
  genericPlans?: boolean;
  noSequentialScans?: boolean;
}

export class TenantScope {
  constructor(
    private readonly db: Kysely<Database>,
    readonly companyId: number,
  ) {
    if (!Number.isInteger(companyId) || companyId <= 0) throw new Error(`Invalid tenant id ${companyId}`);
  }

  /**
   * Runs `fn` in one transaction that sees only this company's rows. `genericPlans` plans its prepared statements
   * once, without looking at the values; `noSequentialScans` keeps such plans off whole-table scans.
   */
  run<T>(fn: (tx: TenantTx) => Promise<T>, options: PlanOptions = {}): Promise<T> {
    return runBound(
      this.db,
      async (trx) => {
        // Without parameters, so it travels with the transaction's begin and first statement (lean-pool.ts); the
        // id is a checked positive integer.
        await sql.raw(this.setUp(options)).execute(trx);
      },
      (trx) => new TenantTx(trx, this.companyId),
      fn,
    );
  }

  /**
   * Runs `fn`'s statements each on its own, seeing only this company's rows: every statement is its own
   * implicit transaction, opened by this company's set-up, and a prepared one is a single round trip without
   * begin or commit (lean-pool.ts). For reads of one statement; statements of one call do not share a snapshot,
   * and neither holding writes nor cursors work here. After-commit work runs once `fn` is done. `asyncCommit`
   * lets a statement that writes (a claim, redone anyway after a crash) commit without waiting for the disk.
   */
  async read<T>(
    fn: (tx: TenantTx) => Promise<T>,
    options: PlanOptions & { asyncCommit?: boolean } = {},
  ): Promise<T> {
    let bound: TenantTx | undefined;
    const setUp = this.setUp(options) + (options.asyncCommit ? ASYNC_COMMIT : '');
    const result = await this.db.connection().execute(async (db) => {
      await db.executeQuery(CompiledQuery.raw(EACH_STATEMENT_AFTER, [setUp]));
      // Not a Transaction, but nothing a tenant's statements use tells them apart.
      bound = new TenantTx(db as Transaction<Database>, this.companyId);
      return fn(bound);
    });
    await bound?.flushAfterCommit();
    return result;
  }

  /** The statement that sets a transaction up for this company (see PlanOptions). */
  private setUp(options: PlanOptions): string {
    const plans =
      (options.genericPlans ? GENERIC_PLANS : '') + (options.noSequentialScans ? NO_SEQUENTIAL_SCANS : '');
    return `select set_config('app.company_id', '${this.companyId}', true)${plans}`;
  }
}
