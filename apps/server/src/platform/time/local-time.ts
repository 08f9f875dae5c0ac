const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** Today per time zone, kept for up to a second: formatting costs microseconds, and every request asks. */
const todays = new Map<string, { date: string; from: number }>();
const TODAY_KEPT_MS = 1_000;

/** yyyy-MM-dd of `at` (by default now) in the given IANA time zone. */
export function localDate(timeZone: string, at?: Date): string {
  if (at) return formatDate(timeZone, at);
  const now = Date.now();
  const kept = todays.get(timeZone);
  // Kept only forward from when it was formatted: a clock set back (tests do) formats again.
  if (kept && now >= kept.from && now < kept.from + TODAY_KEPT_MS) return kept.date;
  const date = formatDate(timeZone, new Date(now));
  todays.set(timeZone, { date, from: now });
  return date;
}

function formatDate(timeZone: string, at: Date): string {
  // Building a formatter costs far more than using one, and every request's company gate asks for today.
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dateFormats.set(timeZone, format);
  }
  return format.format(at);
}

/** Adds whole days to a yyyy-MM-dd date. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Adds calendar months to a yyyy-MM-dd date, clamping to the month's last day. */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}
