import type { ConnectionStatus, ProviderEvent, SessionHooks, AuthState } from '..';
import { BetaSession } from './beta-session';
import { FakeWhatsApp, type FakeSocket } from './fake-socket';

/** An AuthState in memory (test support), counting wipes. */
export class MemoryAuthState implements AuthState {
  creds: unknown = null;
  readonly keys = new Map<string, unknown>();
  clears = 0;

  async readCreds() {
    return this.creds;
  }

  async writeCreds(creds: unknown) {
    this.creds = JSON.parse(JSON.stringify(creds));
  }

  async readKeys(type: string, ids: string[]) {
    const found: Record<string, unknown> = {};
    for (const id of ids) {
      const value = this.keys.get(`${type}/${id}`);
      if (value !== undefined) found[id] = value;
    }
    return found;
  }

  async writeKeys(data: Record<string, Record<string, unknown>>) {
    for (const [type, entries] of Object.entries(data)) {
      for (const [id, value] of Object.entries(entries)) {
        if (value === null || value === undefined) this.keys.delete(`${type}/${id}`);
        else this.keys.set(`${type}/${id}`, JSON.parse(JSON.stringify(value)));
      }
    }
  }

  async clear() {
    this.clears += 1;
    this.creds = null;
    this.keys.clear();
  }
}

export interface SessionHarness {
  network: FakeWhatsApp;
  auth: MemoryAuthState;
  events: ProviderEvent[];
  logged: Array<{ level: 'info' | 'warn' | 'error'; obj: object; msg: string | undefined }>;
  session: BetaSession;
  /** Statuses reported so far, in order. */
  states(): ConnectionStatus[];
  /** The socket the session opened last. */
  socket(): FakeSocket;
  /** Lets queued event handling run to the end. */
  settle(): Promise<void>;
  /** Starts and opens the session as an already paired device. */
  connect(): Promise<FakeSocket>;
}

export const WHATSAPP_ID = 42;

/** A beta session on a scripted fake WhatsApp (test support). */
export function betaHarness(options: { autoServe?: boolean; ownNumber?: string } = {}): SessionHarness {
  const network = new FakeWhatsApp(options);
  const auth = new MemoryAuthState();
  const events: ProviderEvent[] = [];
  const logged: SessionHarness['logged'] = [];
  const hooks: SessionHooks = {
    emit: async (event) => {
      events.push(event);
    },
    log: {
      info: (obj, msg) => logged.push({ level: 'info', obj, msg }),
      warn: (obj, msg) => logged.push({ level: 'warn', obj, msg }),
      error: (obj, msg) => logged.push({ level: 'error', obj, msg }),
    },
  };
  const session = new BetaSession(
    {
      connection: { companyId: 1, whatsappId: WHATSAPP_ID, name: 'Beta', provider: 'beta', config: {} },
      hooks,
      authState: auth,
    },
    { createSocket: network.createSocket, download: network.download },
  );
  const settle = async () => {
    for (let i = 0; i < 20; i += 1) await new Promise((resolve) => setImmediate(resolve));
  };
  const socket = () => {
    const last = network.sockets.at(-1);
    if (!last) throw new Error('no socket opened yet');
    return last;
  };
  return {
    network,
    auth,
    events,
    logged,
    session,
    states: () => events.flatMap((e) => (e.type === 'connection.state' ? [e.status] : [])),
    socket,
    settle,
    async connect() {
      await session.start();
      const live = socket();
      live.open(network.ownNumber);
      await settle();
      return live;
    },
  };
}
