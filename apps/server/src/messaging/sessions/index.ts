import type { AppContext } from '../../platform/context';
import type { Inbound } from '../inbound';
import { ProviderRegistry } from '../providers';
import { SessionManager } from './session-manager';
import type { Sessions, SessionsOptions } from './sessions';

export { createAuthState, clearAuthState } from './auth-state.repository';
export { sessionResource } from './lease-manager';
export type { Sessions, SessionsOptions } from './sessions';

export function createSessions(
  ctx: AppContext,
  inbound: Inbound,
  providers: ProviderRegistry = new ProviderRegistry(),
  options: SessionsOptions = {},
): Sessions {
  return new SessionManager(ctx, inbound, providers, options);
}
