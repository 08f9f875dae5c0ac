import { sql, type Compilable } from 'kysely';
import { TenantTx } from '../tenancy';

/** Stands for an argument while a template is compiled; no caller's value looks like it. */
const TOKEN = '\u0001zapdesk-argument:';
const COMPANY = '\u0001company';
/** Variants of one template (argument sets with different defined keys); more means a caller misuses it. */
const MAX_VARIANTS = 16;

interface Compiled {
  /** The SQL around its parameters, split at $1, $2, … */
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
    const result = await sql<R>(compiled.fragments as unknown as TemplateStringsArray, ...values).execute(
      tx.db,
    );
    return result.rows;
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
    const shadow = new TenantTx(tx.db, COMPANY as unknown as number);
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
