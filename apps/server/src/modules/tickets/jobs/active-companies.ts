import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../../../platform/db/schema';
import { localDate } from '../../../platform/time/local-time';

/** Companies a job may work for (server-behaviour 1.5): active and not past their due date (local). */
export function activeCompany(timeZone: string, now: Date) {
  const today = localDate(timeZone, now);
  return (eb: ExpressionBuilder<Database, 'companies'>) =>
    eb.and([
      eb('companies.status', '=', true),
      eb.or([
        eb('companies.dueDate', 'is', null),
        eb('companies.dueDate', '>=', sql<string>`${today}::date`),
      ]),
    ]);
}
