import { routes } from '@zapdesk/contracts';
import type { AppContext } from '../../platform/context';
import {
  allCompanies,
  createCompany,
  deleteCompany,
  getCompany,
  listCompanies,
  updateCompany,
  updateCompanySchedules,
  type CompanyHooks,
} from './companies.service';
import { signUp } from './sign-up.service';

/** Sign-up, companies CRUD, schedules and listPlan (server-behaviour 2.2 and 14.2). */
export function registerCompaniesRoutes(ctx: AppContext, hooks: CompanyHooks): void {
  ctx.bind(routes.companies.signup, ({ body }) => signUp(ctx, hooks, body), { rateLimitPerMinute: 10 });
  ctx.bind(routes.companies.list, ({ actor, query }) => listCompanies(ctx, actor, query));
  ctx.bind(routes.companies.listAll, ({ actor }) => allCompanies(ctx, actor));
  ctx.bind(routes.companies.get, ({ actor, params }) => getCompany(ctx, actor, params.id));
  // The same answer, reachable by a blocked company so it can see its plan and pay (route flag).
  ctx.bind(routes.companies.listPlan, ({ actor, params }) => getCompany(ctx, actor, params.id));
  ctx.bind(routes.companies.create, ({ actor, body }) => createCompany(ctx, hooks, actor, body));
  ctx.bind(routes.companies.update, ({ actor, params, body }) =>
    updateCompany(ctx, hooks, actor, params.id, body),
  );
  ctx.bind(routes.companies.remove, async ({ actor, params }) => {
    await deleteCompany(ctx, actor, params.id);
    return { message: 'Company deleted' };
  });
  ctx.bind(routes.companies.updateSchedules, ({ actor, params, body }) =>
    updateCompanySchedules(ctx, actor, params.id, body.schedules),
  );
}
