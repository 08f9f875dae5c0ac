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

/** Which buckets of cycle_totals a figure may read: UTC days and hours, hours only, or none. */
export type TotalsSpans = 'days' | 'hours' | 'none';

const up = (span: 'hour' | 'day', at: RawBuilder<Date>) =>
  sql<Date>`case when isfinite(${at}) then cycle_bucket(${span}, ${at} - interval '1 microsecond') + interval '1 ${sql.raw(span)}' else ${at} end`;
const down = (span: 'hour' | 'day', at: RawBuilder<Date>) =>
  sql<Date>`case when isfinite(${at}) then cycle_bucket(${span}, ${at}) else ${at} end`;

/**
 * One row splitting the period [lo, hi) into nested ranges lo ≤ hour_lo ≤ day_lo ≤ day_hi ≤ hour_hi ≤ hi:
 * whole UTC days [day_lo, day_hi) and whole hours [hour_lo, day_lo) and [day_hi, hour_hi) come from cycle_totals,
 * the cycles of [lo, hour_lo) and [hour_hi, hi) are read one by one (edgeCycles). A range that does not fit
 * collapses onto hour_hi (or hi), and `spans` turns days or all buckets off.
 */
export function periodBounds(period: Period, spans: TotalsSpans = 'days'): RawBuilder<unknown> {
  const { lo, hi } = periodRange(period);
  const ref = (name: string) => sql.ref<Date>(name);
  const hours =
    spans === 'none'
      ? sql`select p.lo, p.hi, p.hi as hour_lo, p.hi as hour_hi from p`
      : sql`select p.lo, p.hi, case when h.lo > h.hi then p.hi else h.lo end as hour_lo,
          case when h.lo > h.hi then p.hi else h.hi end as hour_hi
        from p cross join lateral (select ${up('hour', ref('p.lo'))} as lo, ${down('hour', ref('p.hi'))} as hi) h`;
  const days =
    spans === 'days'
      ? sql`select x.lo, x.hi, x.hour_lo, x.hour_hi,
          case when d.lo > d.hi then x.hour_hi else d.lo end as day_lo,
          case when d.lo > d.hi then x.hour_hi else d.hi end as day_hi
        from x cross join lateral (select ${up('day', ref('x.hour_lo'))} as lo, ${down('day', ref('x.hour_hi'))} as hi) d`
      : sql`select x.*, x.hour_hi as day_lo, x.hour_hi as day_hi from x`;
  return sql`with p as (select ${lo} as lo, ${hi} as hi), x as (${hours}) ${days}`;
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
