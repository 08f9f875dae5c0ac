import { sql, type RawBuilder } from 'kysely';

/**
 * `any($1)` with the list as one array parameter, for `.where(column, '=', anyOf(ids))`. Unlike `in ($1, $2, …)`
 * its text is the same for every list length, so a hot statement stays one prepared statement. The list is
 * passed as it is (a StatementTemplate's stand-in is not an array yet).
 */
export function anyOf<T extends number | string>(values: readonly T[]): RawBuilder<T> {
  return sql<T>`any(${values})`;
}
