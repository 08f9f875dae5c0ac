import { routes } from '@zapdesk/contracts';
import type { AppContext } from '../../platform/context';
import { requestPasswordReset, resetPassword } from './password-reset.service';

/** Forgot / reset password (server-behaviour 2.3); public and rate-limited per client address. */
export function registerPasswordResetRoutes(ctx: AppContext): void {
  ctx.bind(
    routes.auth.forgotPassword,
    async ({ params }) => {
      await requestPasswordReset(ctx, params.email);
      return { message: 'Reset code sent' };
    },
    { rateLimitPerMinute: 5 },
  );
  ctx.bind(
    routes.auth.resetPassword,
    async ({ body }) => {
      await resetPassword(ctx, body);
      return { message: 'Password updated' };
    },
    { rateLimitPerMinute: 10 },
  );
  ctx.bind(
    routes.auth.resetPasswordInPath,
    async ({ params }) => {
      await resetPassword(ctx, params);
      return { message: 'Password updated' };
    },
    { rateLimitPerMinute: 10 },
  );
}
