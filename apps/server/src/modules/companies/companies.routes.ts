import type { AppContext } from '../../platform/context';

/** Sign-up, companies CRUD, schedules and listPlan (server-behaviour 2.2 and 14.2). */
export function registerCompaniesRoutes(_ctx: AppContext): void {}
