import { io, type Socket } from 'socket.io-client';
import { clientEvents, companyEvent, USER_STATUS_INTERVAL_MS } from '@zapdesk/contracts';
import { refreshSession } from '../api/client';
import { getToken } from '../session/tokenStore';

export type JoinEvent =
  typeof clientEvents.joinChatBox | typeof clientEvents.joinNotification | typeof clientEvents.joinTickets;

const leaveEventOf: Record<JoinEvent, string> = {
  joinChatBox: clientEvents.leaveChatBox,
  joinNotification: clientEvents.leaveNotification,
  joinTickets: clientEvents.leaveTickets,
};

interface Join {
  event: JoinEvent;
  arg: string | number | undefined;
}

type Handler = (payload: unknown) => void;

/**
 * One socket for a company and user (spec 1 section 4): websocket transport only, the token in the handshake
 * query, every room joined again after a reconnect, `userStatus` every 5 minutes.
 */
export class RealtimeClient {
  readonly companyId: number;
  readonly #socket: Socket;
  readonly #joins: Join[] = [];
  #statusTimer: ReturnType<typeof setInterval> | undefined;
  #refreshingAuth = false;

  constructor(companyId: number, token: string, url?: string) {
    this.companyId = companyId;
    const options = { transports: ['websocket'], query: { token }, autoConnect: false };
    this.#socket = url ? io(url, options) : io(options);
    // A reconnect opens a new handshake: hand it the newest token, not the one of the first connect.
    this.#socket.io.on('reconnect_attempt', () => {
      this.#socket.io.opts.query = { token: getToken() ?? '' };
    });
    this.#socket.on('connect', () => this.#joins.forEach((join) => this.#emitJoin(join)));
    this.#socket.on('connect_error', (error) => void this.#onConnectError(error));
    this.#socket.connect();
    this.#statusTimer = setInterval(() => {
      if (this.#socket.connected) this.#socket.emit(clientEvents.userStatus);
    }, USER_STATUS_INTERVAL_MS);
  }

  /** `company-{id}-{name}` for this socket's company. */
  eventName(name: string): string {
    return companyEvent(this.companyId, name);
  }

  on(event: string, handler: Handler): () => void {
    this.#socket.on(event, handler);
    return () => {
      this.#socket.off(event, handler);
    };
  }

  /** Joins a room (notification, ticket list, chat box); the answer leaves it. Joins survive reconnects. */
  join(event: JoinEvent, arg?: string | number): () => void {
    const join: Join = { event, arg };
    this.#joins.push(join);
    // While disconnected the join is sent by the connect handler; emitting now would send it twice.
    if (this.#socket.connected) this.#emitJoin(join);
    return () => {
      const index = this.#joins.indexOf(join);
      if (index < 0) return;
      this.#joins.splice(index, 1);
      if (this.#socket.connected) this.#socket.emit(leaveEventOf[event], arg);
    };
  }

  close(): void {
    clearInterval(this.#statusTimer);
    this.#socket.removeAllListeners();
    this.#socket.io.removeAllListeners();
    this.#socket.disconnect();
  }

  #emitJoin(join: Join): void {
    if (join.arg === undefined) this.#socket.emit(join.event);
    else this.#socket.emit(join.event, join.arg);
  }

  // The server refuses a handshake with an expired token; socket.io then stops retrying, so refresh once
  // and connect again. A refused refresh ends the session and the shell unmounts.
  async #onConnectError(error: Error): Promise<void> {
    if (!error.message.startsWith('ERR_SESSION_EXPIRED') || this.#refreshingAuth) return;
    this.#refreshingAuth = true;
    try {
      const { token } = await refreshSession();
      this.#socket.io.opts.query = { token };
      this.#socket.connect();
    } catch {
      /* the session ended; nothing to reconnect */
    } finally {
      this.#refreshingAuth = false;
    }
  }
}
