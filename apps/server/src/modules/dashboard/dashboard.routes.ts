import { routes } from '@zapdesk/contracts';
import type { AppContext } from '../../platform/context';
import { chartScope, dashboard, ticketsDay, ticketsUsers } from './dashboard.service';

/** The dashboard's counters and charts (spec 1 sections 2, 3 and 7; server-behaviour 18). */
export function registerDashboardRoutes(ctx: AppContext): void {
  ctx.bind(routes.dashboard.summary, ({ actor, scope, query }) => dashboard(ctx, actor, scope, query));
  ctx.bind(routes.dashboard.ticketsUsers, ({ actor, scope, query }) =>
    ticketsUsers(ctx, chartScope(ctx, actor, scope, query), query),
  );
  ctx.bind(routes.dashboard.ticketsDay, ({ actor, scope, query }) =>
    ticketsDay(ctx, chartScope(ctx, actor, scope, query), query),
  );
}
