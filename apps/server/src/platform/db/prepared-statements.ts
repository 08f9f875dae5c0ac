/** Runs of one statement text before it is prepared: one-off statements (a report, a check) stay unnamed. */
const RUNS_BEFORE_PREPARED = 3;
/**
 * Distinct statements prepared per process. Each connection keeps the plans of those it ran, so this bounds the
 * memory PostgreSQL spends on them; the hot statements (list, page, pipeline) come far below it.
 */
const MAX_PREPARED = 300;
/**
 * Longer texts, or texts with more parameters, are bulk inserts or long `in` lists, whose shape changes with their
 * size: never prepared (each size would take a name of its own).
 */
const MAX_PREPARED_TEXT = 6_000;
const MAX_PREPARED_PARAMETERS = 40;
/** Texts counted while not yet prepared; the counts start over past it. */
const MAX_COUNTED = 5_000;

/**
 * Names the statements worth preparing. A prepared statement is parsed once per connection and, after a few runs,
 * keeps a generic plan: the planner's work (and under row-level security it is most of a short query's cost) is
 * not paid again on every request or every inbound message.
 */
export class StatementNames {
  readonly #names = new Map<string, string>();
  readonly #runs = new Map<string, number>();

  /** The name to run `text` under, or undefined to run it unnamed. */
  nameFor(text: string, parameterCount: number): string | undefined {
    const known = this.#names.get(text);
    if (known) return known;
    // Without parameters pg uses the simple protocol, which also carries several statements in one text.
    if (
      parameterCount === 0 ||
      parameterCount > MAX_PREPARED_PARAMETERS ||
      text.length > MAX_PREPARED_TEXT ||
      this.#names.size >= MAX_PREPARED
    ) {
      return undefined;
    }
    const runs = (this.#runs.get(text) ?? 0) + 1;
    if (runs < RUNS_BEFORE_PREPARED) {
      if (this.#runs.size >= MAX_COUNTED) this.#runs.clear();
      this.#runs.set(text, runs);
      return undefined;
    }
    this.#runs.delete(text);
    const name = `zq${this.#names.size + 1}`;
    this.#names.set(text, name);
    return name;
  }

  get size(): number {
    return this.#names.size;
  }
}
