import { sql, type RawBuilder } from 'kysely';

/** Which cycles a figure covers: the last `days`, or local days [from 00:00, to 23:59:59] (either optional). */
export interface Period {
  days?: number;
  from?: string;
  to?: string;
  timeZone: string;
}

export const localDayStart = (day: string, timeZone: string): RawBuilder<Date> =>
  sql<Date>`((${day}::date)::timestamp at time zone ${timeZone})`;

export const localNextDayStart = (day: string, timeZone: string): RawBuilder<Date> =>
  sql<Date>`(((${day}::date) + 1)::timestamp at time zone ${timeZone})`;

/** `column` is in the period; no bound at all covers everything. */
export function inPeriod(column: RawBuilder<unknown>, period: Period): RawBuilder<boolean> {
  const parts: RawBuilder<boolean>[] = [];
  if (period.days !== undefined) {
    parts.push(sql<boolean>`${column} >= now() - make_interval(days => ${period.days})`);
  } else {
    if (period.from) parts.push(sql<boolean>`${column} >= ${localDayStart(period.from, period.timeZone)}`);
    if (period.to) parts.push(sql<boolean>`${column} < ${localNextDayStart(period.to, period.timeZone)}`);
  }
  return parts.length === 0 ? sql<boolean>`true` : sql<boolean>`(${sql.join(parts, sql` and `)})`;
}
