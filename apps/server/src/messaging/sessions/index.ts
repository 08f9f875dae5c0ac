import type { AppContext } from '../../platform/context';
import type { Inbound } from '../inbound';
import type { ProviderSession } from '../providers/port';
import { ProviderRegistry } from '../providers/registry';
import { SessionManager } from './session-manager';

export { createAuthState, clearAuthState } from './auth-state.repository';
export { sessionResource } from './lease-manager';

/** Live WhatsApp sessions owned by this process (one owner per connection, through a lease row). */
export interface Sessions {
  /** The live session of a connection if this process owns it. */
  local(whatsappId: number): ProviderSession | undefined;
  /** POST /whatsappsession/:id: start (or restart) the connection's session. */
  start(companyId: number, whatsappId: number): Promise<void>;
  /** PUT /whatsappsession/:id: wipe keys and restart for a new QR. */
  refresh(companyId: number, whatsappId: number): Promise<void>;
  /** DELETE /whatsappsession/:id: log out. */
  logout(companyId: number, whatsappId: number): Promise<void>;
  /** After the connection row is deleted: log out and drop its session and lease. */
  remove(companyId: number, whatsappId: number): Promise<void>;
  /** Tells the owning session that its state in the database changed (simulator scans and inbound plays). */
  wake(companyId: number, whatsappId: number): Promise<void>;
  /** Boot: start every connection of active companies (sessions role). */
  startAll(): Promise<void>;
  /**
   * Closes the sessions without logging out and releases their leases. `keepLeases` leaves the leases
   * to expire instead, as a crashed node would (tests of the take-over).
   */
  stop(options?: { keepLeases?: boolean }): Promise<void>;
}

export function createSessions(
  ctx: AppContext,
  inbound: Inbound,
  providers: ProviderRegistry = new ProviderRegistry(),
): Sessions {
  return new SessionManager(ctx, inbound, providers);
}
