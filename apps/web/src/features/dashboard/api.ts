import { useQuery } from '@tanstack/react-query';
import {
  routes,
  type DashboardAnswer,
  type TicketsDayAnswer,
  type TicketsUsersAnswer,
} from '@zapdesk/contracts';
import { callRoute } from '../../lib/api/client';

type ChartRange = { initialDate: string; finalDate: string };

export const dashboardKeys = {
  all: ['dashboard'] as const,
  summary: (query: Record<string, string | number>) => [...dashboardKeys.all, 'summary', query] as const,
  ticketsUsers: (range: ChartRange | null) => [...dashboardKeys.all, 'ticketsUsers', range] as const,
  ticketsDay: (range: ChartRange | null) => [...dashboardKeys.all, 'ticketsDay', range] as const,
};

/** GET /dashboard: counters and attendants of the period. */
export function useDashboardSummary(query: Record<string, string | number>, enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.summary(query),
    queryFn: ({ signal }): Promise<DashboardAnswer> => callRoute(routes.dashboard.summary, { query, signal }),
    enabled,
  });
}

/** GET /dashboard/ticketsUsers: finished conversations per user. */
export function useTicketsUsers(range: ChartRange | null, enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.ticketsUsers(range),
    queryFn: ({ signal }): Promise<TicketsUsersAnswer> =>
      callRoute(routes.dashboard.ticketsUsers, { query: { ...range }, signal }),
    enabled: enabled && range !== null,
    retry: false,
  });
}

/** GET /dashboard/ticketsDay: conversations created per day (or per hour for one day). */
export function useTicketsDay(range: ChartRange | null, enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.ticketsDay(range),
    queryFn: ({ signal }): Promise<TicketsDayAnswer> =>
      callRoute(routes.dashboard.ticketsDay, { query: { ...range }, signal }),
    enabled: enabled && range !== null,
    retry: false,
  });
}
