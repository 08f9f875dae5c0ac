import type { TicketsDayAnswer, TicketsUsersAnswer } from '@zapdesk/contracts';

/** One bar of a chart: its label and its value. */
export interface Bar {
  label: string;
  value: number;
}

/** Spec 1 section 2: periods offered by the dashboard filter (0 = none). */
export const PERIODS = [0, 3, 7, 15, 30, 60, 90] as const;

export type DashboardFilter = { mode: 'date'; from: string; to: string } | { mode: 'period'; days: number };

const pad = (n: number) => String(n).padStart(2, '0');

/** A local day as yyyy-MM-dd. */
export function isoDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Default filter: the current month up to today. */
export function defaultFilter(today: Date = new Date()): DashboardFilter {
  return {
    mode: 'date',
    from: isoDay(new Date(today.getFullYear(), today.getMonth(), 1)),
    to: isoDay(today),
  };
}

/** The query of GET /dashboard for a filter. */
export function summaryQuery(filter: DashboardFilter): Record<string, string | number> {
  if (filter.mode === 'period') return filter.days > 0 ? { days: filter.days } : {};
  const query: Record<string, string> = {};
  if (filter.from) query.date_from = filter.from;
  if (filter.to) query.date_to = filter.to;
  return query;
}

/** The chart range of a filter; null when no filter is chosen (the page then shows a toast). */
export function chartRange(
  filter: DashboardFilter,
  today: Date = new Date(),
): { initialDate: string; finalDate: string } | null {
  if (filter.mode === 'period') {
    if (filter.days <= 0) return null;
    const start = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (filter.days - 1));
    return { initialDate: isoDay(start), finalDate: isoDay(today) };
  }
  if (!filter.from || !filter.to) return null;
  return { initialDate: filter.from, finalDate: filter.to };
}

/** Conversations by user: one bar per user, in the server's order. */
export function userBars(answer: TicketsUsersAnswer | undefined): Bar[] {
  return (answer?.data ?? []).map((row) => ({ label: row.nome, value: row.quantidade }));
}

/** Conversations by date: one bar per day (dd/MM/yyyy) or per hour (HH:00) when the range is one day. */
export function dayBars(answer: TicketsDayAnswer | undefined): Bar[] {
  return (answer?.data ?? []).map((row) =>
    'horario' in row
      ? { label: `${pad(row.horario)}:00`, value: row.total }
      : { label: row.data, value: row.total },
  );
}

/** Filled stars of a mean rating (1 unsatisfied, 2 satisfied, 3 very satisfied): rounded, 0 to 3. */
export function starsOf(rating: number): number {
  if (!Number.isFinite(rating) || rating <= 0) return 0;
  return Math.min(3, Math.max(0, Math.round(rating)));
}
