import { CompiledQuery, sql, type Compilable } from 'kysely';
import { camelCaseRows } from './camel-case-rows';
import { TOGETHER, type RowsOf } from './lean-pool';
import { TenantTx } from '../tenancy';

/** Stands for an argument while a template is compiled; no caller's value looks like it. */
const TOKEN = '\u0001zapdesk-argument:';
const COMPANY = '\u0001company';
/** Variants of one template (argument sets with different defined keys); more means a caller misuses it. */
const MAX_VARIANTS = 16;

/** A template's run with its arguments, to be answered together with others (StatementTemplate.all). */
export interface BoundRun<R> {
  statement(tx: TenantTx): { text: string; values: unknown[] };
  run(tx: TenantTx): Promise<R[]>;
}

interface Compiled {
  /** The SQL around its parameters, split at $1, $2, … (for a query tree, see run). */
  fragments: string[];
  /** The argument each parameter takes, in order. */
  names: string[];
  /** The SQL as sent. */
  text: string;
}

/**
 * A hot statement compiled once per set of defined arguments. Kysely builds, transforms (snake_case) and
 * compiles every query on every run, a third of the inbound pipeline's CPU; a template is built once with
 * stand-ins for its arguments and the company, and later runs only bind values to its SQL. The SQL text is the
 * same as the builder's, so it is still prepared by the pool, and results still come back camelCased.
 *
 * `build` must take every value from `args` or the transaction's `companyId`: a template refuses to compile
 * when any other value would become a parameter (it would be frozen into every later run). Constants go in as
 * `sql.lit`. An argument that is `undefined` is left out, as the builder would leave it out.
 */
export class StatementTemplate<A extends Record<string, unknown>, R> {
  readonly #variants = new Map<string, Compiled>();

  constructor(private readonly build: (tx: TenantTx, args: A) => Compilable<R>) {}

  async run(tx: TenantTx, args: A): Promise<R[]> {
    const { compiled, values } = this.bind(tx, args);
    // Already compiled: it runs as it is, without a query tree for Kysely's plugins to walk and compile again,
    // unless the transaction has plugins of its own (a WriteCounter), which must see the tree.
    const result = tx.plugged
      ? await sql<R>(compiled.fragments as unknown as TemplateStringsArray, ...values).execute(tx.unscoped())
      : await tx.unscoped().executeQuery<R>(CompiledQuery.raw(compiled.text, values));
    return result.rows;
  }

  /**
   * Two templates' runs answered together: on a statement-wise connection (TenantScope.read), once both are
   * prepared there, in one round trip and one snapshot; elsewhere one after the other.
   */
  static async together<A1 extends Record<string, unknown>, R1, A2 extends Record<string, unknown>, R2>(
    tx: TenantTx,
    first: [StatementTemplate<A1, R1>, A1],
    second: [StatementTemplate<A2, R2>, A2],
  ): Promise<[R1[], R2[]]> {
    // Plugins of the transaction's own (a WriteCounter) must see each query: then they run one by one.
    if (tx.plugged) return [await first[0].run(tx, first[1]), await second[0].run(tx, second[1])];
    const statements = [first[0].statement(tx, first[1]), second[0].statement(tx, second[1])];
    const answer = await tx
      .unscoped()
      .executeQuery<{ results: RowsOf[] }>(CompiledQuery.raw(TOGETHER, [statements]));
    const [rows1, rows2] = (answer.rows[0]?.results ?? []).map((of) =>
      camelCaseRows.mapRows(of.rows as Record<string, unknown>[]),
    );
    return [(rows1 ?? []) as R1[], (rows2 ?? []) as R2[]];
  }

  /** This template's run with these arguments, for StatementTemplate.all. */
  with(args: A): BoundRun<R> {
    return { statement: (tx) => this.statement(tx, args), run: (tx) => this.run(tx, args) };
  }

  /**
   * Any number of templates' runs answered together, as `together` answers two: on a statement-wise connection
   * (TenantScope.read), once all are prepared there, in one round trip and one snapshot; elsewhere one by one.
   */
  static async all<T extends ReadonlyArray<BoundRun<unknown>>>(
    tx: TenantTx,
    runs: readonly [...T],
  ): Promise<{ [K in keyof T]: T[K] extends BoundRun<infer R> ? R[] : never }> {
    type Answers = { [K in keyof T]: T[K] extends BoundRun<infer R> ? R[] : never };
    if (tx.plugged) {
      const answers: unknown[][] = [];
      for (const bound of runs) answers.push(await bound.run(tx));
      return answers as unknown as Answers;
    }
    const statements = runs.map((bound) => bound.statement(tx));
    const answer = await tx
      .unscoped()
      .executeQuery<{ results: RowsOf[] }>(CompiledQuery.raw(TOGETHER, [statements]));
    return (answer.rows[0]?.results ?? []).map((of) =>
      camelCaseRows.mapRows(of.rows as Record<string, unknown>[]),
    ) as unknown as Answers;
  }

  /** The SQL text and values a run would send, for a caller that sends it itself (a HeldWrite). */
  statement(tx: TenantTx, args: A): { text: string; values: unknown[] } {
    const { compiled, values } = this.bind(tx, args);
    return { text: compiled.text, values };
  }

  /** Whether the SQL text is one this template compiled. */
  produced(text: string): boolean {
    for (const compiled of this.#variants.values()) if (compiled.text === text) return true;
    return false;
  }

  private bind(tx: TenantTx, args: A): { compiled: Compiled; values: unknown[] } {
    const names = Object.keys(args).filter((name) => args[name] !== undefined);
    const variant = names.join(',');
    const compiled = this.#variants.get(variant) ?? this.compile(tx, variant, names);
    return { compiled, values: compiled.names.map((name) => (name === COMPANY ? tx.companyId : args[name])) };
  }

  private compile(tx: TenantTx, variant: string, names: string[]): Compiled {
    const standIns = Object.fromEntries(names.map((name) => [name, TOKEN + name])) as A;
    const shadow = new TenantTx(tx.unscoped(), COMPANY as unknown as number);
    const query = this.build(shadow, standIns).compile();
    const fragments = query.sql.split(/\$\d+/);
    const placeholders = query.sql.match(/\$\d+/g) ?? [];
    const inOrder = placeholders.every((p, i) => p === `$${i + 1}`);
    if (!inOrder || placeholders.length !== query.parameters.length) {
      throw new Error(`statement template: parameters out of order in ${query.sql}`);
    }
    const bound = query.parameters.map((value) => {
      if (value === COMPANY) return COMPANY;
      if (typeof value === 'string' && value.startsWith(TOKEN)) return value.slice(TOKEN.length);
      throw new Error(
        `statement template: a value not from its arguments (${String(value)}) in ${query.sql}`,
      );
    });
    const compiled = { fragments, names: bound, text: query.sql };
    if (this.#variants.size < MAX_VARIANTS) this.#variants.set(variant, compiled);
    return compiled;
  }
}
