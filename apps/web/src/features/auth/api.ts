import { routes, type LoginInput, type SessionAnswer } from '@zapdesk/contracts';
import { callRoute } from '../../lib/api/client';

export const loginRequest = (body: LoginInput): Promise<SessionAnswer> =>
  callRoute(routes.auth.login, { body });

export const logoutRequest = (): Promise<{ message: string }> => callRoute(routes.auth.logout);
