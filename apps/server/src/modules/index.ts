import type { Messaging } from '../messaging';
import type { AppContext } from '../platform/context';
import { registerAuthRoutes } from './auth';
import { registerCompaniesRoutes } from './companies';
import { registerHelpsRoutes } from './helps';
import { registerPasswordResetRoutes } from './password-reset';
import { registerPlansRoutes } from './plans';
import { registerPresenceJobs } from './presence';
import { registerSettingsRoutes } from './settings';
import { registerUsersRoutes } from './users';

/** Registers every module's routes and hooks. */
export async function registerModules(ctx: AppContext, _messaging: Messaging): Promise<void> {
  registerAuthRoutes(ctx);
  registerUsersRoutes(ctx);
  registerCompaniesRoutes(ctx);
  registerPlansRoutes(ctx);
  registerHelpsRoutes(ctx);
  registerSettingsRoutes(ctx);
  registerPasswordResetRoutes(ctx);
  registerPresenceJobs(ctx);
}
