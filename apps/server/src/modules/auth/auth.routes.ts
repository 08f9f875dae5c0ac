import { APP_VERSION, routes } from '@zapdesk/contracts';
import type { AppContext } from '../../platform/context';
import { login, logout, refresh } from './auth.service';

export function registerAuthRoutes(ctx: AppContext): void {
  ctx.bind(routes.auth.login, ({ body, reply }) => login(ctx, body, reply), { rateLimitPerMinute: 30 });
  ctx.bind(routes.auth.refresh, ({ request, reply }) => refresh(ctx, request, reply), {
    rateLimitPerMinute: 120,
  });
  ctx.bind(routes.auth.logout, async ({ actor, reply }) => {
    await logout(ctx, actor.userId, actor.companyId, reply);
    return { message: 'Logged out' };
  });
  ctx.bind(routes.auth.me, async ({ actor }) => ({
    id: actor.userId,
    name: actor.name,
    email: actor.email,
    profile: actor.profile,
    super: actor.isSuper,
    companyId: actor.companyId,
  }));
  // `simulator` tells the web app whether to offer the built-in WhatsApp simulator.
  ctx.bind(routes.auth.version, async () => ({
    version: APP_VERSION,
    simulator: ctx.config.simulatorEnabled,
  }));
}
