import type { SessionControl } from '../../modules/whatsapps';
import type { NumberCheck, ProviderSession } from '../providers';

/**
 * Live WhatsApp sessions owned by this process (one owner per connection, through a lease row). Implements the
 * modules' `SessionControl` port, which the composition root hands to the modules.
 */
export interface Sessions extends SessionControl {
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
  /**
   * Operations on the connection's live session, wherever it lives: here, or on the node owning its lease
   * (through `session_requests`). ERR_WAPP_NOT_INITIALIZED when no node runs it, ERR_WAPP_SESSION_TIMEOUT
   * when its owner does not answer in time; provider failures throw ProviderError.
   */
  checkNumber(companyId: number, whatsappId: number, number: string): Promise<NumberCheck>;
  deleteForEveryone(
    companyId: number,
    whatsappId: number,
    chatId: string,
    wid: string,
    fromMe: boolean,
  ): Promise<void>;
  /** The chat's profile picture address; null when it has none or the provider offers none. */
  profilePictureUrl(companyId: number, whatsappId: number, chatId: string): Promise<string | null>;
  /** Boot: start every connection of active companies (sessions role). */
  startAll(): Promise<void>;
  /**
   * Closes the sessions without logging out and releases their leases. `keepLeases` leaves the leases
   * to expire instead, as a crashed node would (tests of the take-over).
   */
  stop(options?: { keepLeases?: boolean }): Promise<void>;
}

export interface SessionsOptions {
  /** Lets owners LISTEN for requests from other nodes (they poll without it). */
  databaseUrl?: string;
}
