import type { AppContext } from '../../platform/context';
import type { Inbound } from '../inbound';
import type { ProviderSession } from '../providers/port';

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
  /** Boot: start every connection of active companies (sessions role). */
  startAll(): Promise<void>;
  stop(): Promise<void>;
}

export function createSessions(_ctx: AppContext, _inbound: Inbound): Sessions {
  const notYet = async () => {
    throw new Error('sessions not implemented yet');
  };
  return {
    local: () => undefined,
    start: notYet,
    refresh: notYet,
    logout: notYet,
    async startAll() {},
    async stop() {},
  };
}
