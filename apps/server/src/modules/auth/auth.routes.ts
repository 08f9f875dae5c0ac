import { abilitiesOf, APP_VERSION, routes } from '@zapdesk/contracts';
import type { AppContext } from '../../platform/context';
import { login, logout, refresh } from './auth.service';
import { LoginThrottle } from './login-throttle';

/** Login requests per minute per client address, failed or not: only against floods (bcrypt costs CPU). */
const LOGIN_REQUESTS_PER_MINUTE = 120;

export function registerAuthRoutes(ctx: AppContext): void {
  const throttle = new LoginThrottle(ctx.scopes, ctx.config.rateLimitEnabled);
  ctx.bind(routes.auth.login, ({ body, request, reply }) => login(ctx, throttle, body, request.ip, reply), {
    rateLimitPerMinute: LOGIN_REQUESTS_PER_MINUTE,
  });
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
    abilities: abilitiesOf({ profile: actor.profile, super: actor.isSuper }),
  }));
  // `simulator` tells the web app whether to offer the built-in WhatsApp simulator.
  ctx.bind(routes.auth.version, async () => ({
    version: APP_VERSION,
    simulator: ctx.config.simulatorEnabled,
  }));
}
