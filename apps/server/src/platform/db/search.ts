import { sql, type RawBuilder } from 'kysely';

/** `%term%` for LIKE, with the term's own wildcards (`%`, `_`, `\`) taken literally. */
export const likePattern = (term: string): string => `%${term.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * Case- and accent-insensitive substring match of a text column (server-behaviour 1.7), through the
 * `search_text` SQL function the trigram indexes are built on. `column` is a Kysely reference: `tags.name`.
 */
export function textContains(column: string, term: string): RawBuilder<boolean> {
  return sql<boolean>`search_text(${sql.ref(column)}) like search_text(${likePattern(term)})`;
}
