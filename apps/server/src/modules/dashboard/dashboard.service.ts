import { sql } from 'kysely';
import type {
  DashboardAnswer,
  DashboardChartQuery,
  DashboardQuery,
  TicketsDayAnswer,
  TicketsUsersAnswer,
} from '@zapdesk/contracts';
import type { Actor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import type { TenantScope } from '../../platform/tenancy';
import { createdPerDay, createdPerHour, finishedPerUser, periodFigures } from './dashboard.repository';
import type { Period } from './period';

/** GET /dashboard (server-behaviour 18): counters and attendants of the period; platform totals for super users. */
export async function dashboard(
  ctx: AppContext,
  actor: Actor,
  scope: TenantScope,
  query: DashboardQuery,
): Promise<DashboardAnswer> {
  const period: Period = {
    days: query.days,
    from: query.date_from,
    to: query.date_to,
    timeZone: ctx.config.timeZone,
  };
  const answer = await scope.run((tx) => periodFigures(tx, period));
  if (!actor.isSuper) return answer;
  const totals = await ctx.scopes.asSystem(async (tx) => {
    const { rows } = await sql<{ totalCompanies: number; totalWhatsappSessions: number }>`
      select (select count(*) from companies)::int as "totalCompanies",
        (select count(*) from whatsapps)::int as "totalWhatsappSessions"`.execute(tx.db);
    return rows[0] ?? { totalCompanies: 0, totalWhatsappSessions: 0 };
  });
  return { ...answer, counters: { ...answer.counters, ...totals } };
}

/** The company a chart covers: the caller's, or the one a super user names (server-behaviour 1.3). */
export function chartScope(
  ctx: AppContext,
  actor: Actor,
  scope: TenantScope,
  query: DashboardChartQuery,
): TenantScope {
  return query.companyId ? ctx.scopes.actingFor(actor, query.companyId) : scope;
}

const chartPeriod = (ctx: AppContext, query: DashboardChartQuery): Period => ({
  from: query.initialDate,
  to: query.finalDate,
  timeZone: ctx.config.timeZone,
});

export async function ticketsUsers(
  ctx: AppContext,
  scope: TenantScope,
  query: DashboardChartQuery,
): Promise<TicketsUsersAnswer> {
  return { data: await scope.run((tx) => finishedPerUser(tx, chartPeriod(ctx, query))) };
}

/** Per local day, or per hour when both dates name the same day. */
export async function ticketsDay(
  ctx: AppContext,
  scope: TenantScope,
  query: DashboardChartQuery,
): Promise<TicketsDayAnswer> {
  const period = chartPeriod(ctx, query);
  const hourly = query.initialDate !== undefined && query.initialDate === query.finalDate;
  const data = await scope.run<TicketsDayAnswer['data']>((tx) =>
    hourly ? createdPerHour(tx, period) : createdPerDay(tx, period),
  );
  return { count: data.reduce((sum, row) => sum + row.total, 0), data };
}
