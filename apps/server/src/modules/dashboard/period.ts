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

/** The period as instants [lo, hi); a missing bound is infinite. */
function periodRange(period: Period): { lo: RawBuilder<Date>; hi: RawBuilder<Date> } {
  if (period.days !== undefined) {
    return {
      lo: sql<Date>`now() - make_interval(days => ${period.days})`,
      hi: sql<Date>`'infinity'::timestamptz`,
    };
  }
  return {
    lo: period.from ? localDayStart(period.from, period.timeZone) : sql<Date>`'-infinity'::timestamptz`,
    hi: period.to ? localNextDayStart(period.to, period.timeZone) : sql<Date>`'infinity'::timestamptz`,
  };
}

/**
 * One row (lo, hi, full_lo, full_hi): the period [lo, hi) and the whole hours [full_lo, full_hi) inside it, which
 * cycle_hour_totals answers; the cycles of [lo, full_lo) and [full_hi, hi) are read one by one (edgeCycles). With
 * `hours` false nothing is whole (full_lo = full_hi = infinity): every cycle is read.
 */
export function periodBounds(period: Period, hours = true): RawBuilder<unknown> {
  const { lo, hi } = periodRange(period);
  if (!hours) {
    return sql`select ${lo} as lo, ${hi} as hi, 'infinity'::timestamptz as full_lo, 'infinity'::timestamptz as full_hi`;
  }
  return sql`select p.lo, p.hi,
      case when p.lo = '-infinity' then p.lo else cycle_hour(p.lo - interval '1 microsecond') + interval '1 hour' end
        as full_lo,
      case when p.hi = 'infinity' then p.hi else cycle_hour(p.hi) end as full_hi
    from (select ${lo} as lo, ${hi} as hi) p`;
}

/**
 * Whether the zone's offsets (January and July) are whole hours, so each UTC hour of cycle_hour_totals lies in
 * one local hour and day. Otherwise (India, Nepal…) per-day and per-hour figures read every cycle of the period.
 */
export function hoursAreLocal(timeZone: string, year = new Date().getUTCFullYear()): boolean {
  try {
    const format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    return [0, 6].every((month) => {
      const offset = format
        .formatToParts(new Date(Date.UTC(year, month, 1)))
        .find((p) => p.type === 'timeZoneName');
      return /^GMT(?:[+-]\d{2}:00)?$/.test(offset?.value ?? '');
    });
  } catch {
    return false;
  }
}
