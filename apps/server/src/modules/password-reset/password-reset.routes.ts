import type { AppContext } from '../../platform/context';

/** Forgot / reset password (server-behaviour 2.3). */
export function registerPasswordResetRoutes(_ctx: AppContext): void {}
