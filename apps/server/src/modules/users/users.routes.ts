import type { AppContext } from '../../platform/context';

/** Users CRUD (spec 1 sections 5-7, server-behaviour 14.1). */
export function registerUsersRoutes(_ctx: AppContext): void {}
