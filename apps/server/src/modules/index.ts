import type { AppContext } from '../platform/context';
import { registerAuthRoutes } from './auth';
import { registerSettingsRoutes } from './settings';

/** Registers every module's routes and hooks. */
export async function registerModules(ctx: AppContext): Promise<void> {
  registerAuthRoutes(ctx);
  registerSettingsRoutes(ctx);
}
