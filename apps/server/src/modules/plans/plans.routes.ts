import { routes } from '@zapdesk/contracts';
import type { AppContext } from '../../platform/context';
import { allPlans, createPlan, deletePlan, getPlan, listPlans, updatePlan } from './plans.service';

/** Plans CRUD (server-behaviour 14.3). */
export function registerPlansRoutes(ctx: AppContext): void {
  ctx.bind(routes.plans.listPublic, () => allPlans(ctx));
  ctx.bind(routes.plans.all, () => allPlans(ctx));
  ctx.bind(routes.plans.list, ({ query }) => listPlans(ctx, query));
  ctx.bind(routes.plans.get, ({ params }) => getPlan(ctx, params.id));
  ctx.bind(routes.plans.create, ({ body }) => createPlan(ctx, body));
  ctx.bind(routes.plans.update, ({ params, body }) => updatePlan(ctx, params.id, body));
  ctx.bind(routes.plans.remove, async ({ params }) => {
    await deletePlan(ctx, params.id);
    return { message: 'Plan deleted' };
  });
}
