import type { AppContext } from '../../platform/context';

/** Plans CRUD (server-behaviour 14.3). */
export function registerPlansRoutes(_ctx: AppContext): void {}
