import { z } from 'zod';
import { calendarDay, MAX_DB_INT } from '../common';
import { defineRoute } from '../route';

const isoDay = z
  .preprocess((v) => (v === '' || v === null ? undefined : v), calendarDay.optional())
  .catch(undefined);

/** `?days` (cycles queued in the last N days) or `date_from`/`date_to` (local days, either optional). */
export const DashboardQuery = z.object({
  days: z
    .preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.coerce.number().int().positive().max(36_500).optional(),
    )
    .catch(undefined),
  date_from: isoDay,
  date_to: isoDay,
});
export type DashboardQuery = z.infer<typeof DashboardQuery>;

export const DashboardCounters = z.object({
  avgSupportTime: z.number(),
  avgWaitTime: z.number(),
  supportHappening: z.number(),
  supportPending: z.number(),
  supportFinished: z.number(),
  leads: z.number(),
  /** Super users only. */
  totalCompanies: z.number().optional(),
  totalWhatsappSessions: z.number().optional(),
});
export type DashboardCounters = z.infer<typeof DashboardCounters>;

export const DashboardAttendant = z.object({
  id: z.number(),
  name: z.string(),
  avgSupportTime: z.number(),
  tickets: z.number(),
  rating: z.number(),
  online: z.boolean(),
});
export type DashboardAttendant = z.infer<typeof DashboardAttendant>;

export const DashboardAnswer = z.object({
  counters: DashboardCounters,
  attendants: z.array(DashboardAttendant),
});
export type DashboardAnswer = z.infer<typeof DashboardAnswer>;

/** Chart period: local days yyyy-MM-dd, either optional; a super user may name another company. */
export const DashboardChartQuery = z.object({
  initialDate: isoDay,
  finalDate: isoDay,
  companyId: z
    .preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.coerce.number().int().positive().max(MAX_DB_INT).optional(),
    )
    .catch(undefined),
});
export type DashboardChartQuery = z.infer<typeof DashboardChartQuery>;

export const TicketsUsersAnswer = z.object({
  data: z.array(z.object({ quantidade: z.number(), nome: z.string() })),
});
export type TicketsUsersAnswer = z.infer<typeof TicketsUsersAnswer>;

export const TicketsDayAnswer = z.object({
  count: z.number(),
  data: z.array(
    z.union([
      z.object({ total: z.number(), data: z.string() }),
      z.object({ total: z.number(), horario: z.number() }),
    ]),
  ),
});
export type TicketsDayAnswer = z.infer<typeof TicketsDayAnswer>;

export const dashboardRoutes = {
  summary: defineRoute({
    method: 'GET',
    path: '/dashboard',
    auth: 'admin',
    query: DashboardQuery,
    summary: 'Attendance counters and attendants of the period',
  }),
  ticketsUsers: defineRoute({
    method: 'GET',
    path: '/dashboard/ticketsUsers',
    auth: 'admin',
    query: DashboardChartQuery,
    summary: 'Cycles finished in the period per user',
  }),
  ticketsDay: defineRoute({
    method: 'GET',
    path: '/dashboard/ticketsDay',
    auth: 'admin',
    query: DashboardChartQuery,
    summary: 'Cycles created per local day (or per hour for one day)',
  }),
};
