import { routes, type ResetPasswordInput } from '@zapdesk/contracts';
import { callRoute } from '../../lib/api/client';

/** E-mails a verification code; 404 means the address is unknown. */
export const requestResetCode = (email: string): Promise<unknown> =>
  callRoute(routes.auth.forgotPassword, { params: { email } });

/** Sets the new password with the e-mailed code (JSON body form of the route). */
export const resetPassword = (body: ResetPasswordInput): Promise<unknown> =>
  callRoute(routes.auth.resetPassword, { body });
