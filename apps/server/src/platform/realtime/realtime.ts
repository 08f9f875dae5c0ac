import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import type { FastifyBaseLogger as Logger } from 'fastify';
import { companyEvent, rooms, SOCKET_PING_MS } from '@zapdesk/contracts';
import { companyBlock, type Actor, type ActorLoader } from '../auth/actor';
import type { TokenService } from '../auth/tokens';
import type { AdapterFactory } from './fanout';
import { isAllowedOrigin } from './origin';
import { SocketSession, type TicketRoomGuard } from './socket-session';

export type { TicketRoomGuard } from './socket-session';

export interface RealtimeDeps {
  tokens: TokenService;
  actors: ActorLoader;
  timeZone: string;
  frontendUrl: string;
  log: Logger;
  /** Marks the user online and seen now; sends the -user update when `online` flips. */
  touchUser: (actor: Actor) => Promise<void>;
}

interface SocketData {
  actor: Actor;
}

/** A handshake refusal: the client's connect_error carries the code as message, the reason as data. */
function refusal(code: string, reason?: string): Error & { data?: unknown } {
  return Object.assign(new Error(code), { data: { reason: reason ?? code } });
}

/**
 * socket.io on the HTTP port, websocket only. The access token is verified at the handshake and rooms
 * are joined only through SocketSession, so a socket can never enter another company's room.
 */
export class Realtime {
  #io: Server | undefined;
  #ticketGuard: TicketRoomGuard = async () => false;

  /** With an adapter, broadcasts reach sockets held by every node (decision 0001). */
  constructor(private readonly adapter?: AdapterFactory) {}

  /**
   * A node without the realtime role holds no sockets but still publishes through the adapter, so its
   * emits (API writes, workers, sessions) reach browsers connected elsewhere.
   */
  publishOnly(): void {
    if (this.#io || !this.adapter) return;
    this.#io = new Server({ adapter: this.adapter });
  }

  get io(): Server | undefined {
    return this.#io;
  }

  setTicketRoomGuard(guard: TicketRoomGuard): void {
    this.#ticketGuard = guard;
  }

  /** Emits `company-{id}-{name}` to the company's main channel. */
  emitToCompany(companyId: number, name: string, payload: unknown): void {
    this.#io?.to(rooms.companyMain(companyId)).emit(companyEvent(companyId, name), payload);
  }

  /** Emits `company-{id}-{name}` to the given rooms (each socket gets it once). */
  emitToRooms(companyId: number, roomNames: string[], name: string, payload: unknown): void {
    if (roomNames.length === 0) return;
    this.#io?.to(roomNames).emit(companyEvent(companyId, name), payload);
  }

  /** Emits an event with a literal name to rooms (e.g. the global announcement channel). */
  emitRaw(roomNames: string[] | 'all', event: string, payload: unknown): void {
    if (!this.#io) return;
    if (roomNames === 'all') this.#io.emit(event, payload);
    else if (roomNames.length > 0) this.#io.to(roomNames).emit(event, payload);
  }

  /** Closes every socket of a user whose credentials were revoked (e.g. a password reset). */
  disconnectUser(userId: number): void {
    this.#io?.in(rooms.user(userId)).disconnectSockets(true);
  }

  attach(server: HttpServer, deps: RealtimeDeps): Server {
    const io = new Server(server, {
      ...(this.adapter ? { adapter: this.adapter } : {}),
      transports: ['websocket'],
      pingInterval: SOCKET_PING_MS,
      pingTimeout: SOCKET_PING_MS,
      cors: { origin: deps.frontendUrl, credentials: true },
      allowRequest: (req, callback) => {
        const ok = isAllowedOrigin(req.headers.origin, req.headers.host, deps.frontendUrl);
        callback(ok ? null : 'origin not allowed', ok);
      },
    });
    io.use((socket, next) => {
      this.authenticate(socket.handshake, deps).then(
        (actor) => {
          (socket.data as SocketData).actor = actor;
          next();
        },
        (error: unknown) => next(error instanceof Error ? error : refusal('ERR_INTERNAL_SERVER_ERROR')),
      );
    });
    io.on('connection', (socket) => {
      const session = new SocketSession(socket, (socket.data as SocketData).actor, {
        actors: deps.actors,
        timeZone: deps.timeZone,
        log: deps.log,
        ticketGuard: () => this.#ticketGuard,
        touchUser: deps.touchUser,
      });
      session.start();
    });
    this.#io = io;
    return io;
  }

  private async authenticate(
    handshake: { query: Record<string, unknown>; auth: Record<string, unknown> },
    deps: RealtimeDeps,
  ): Promise<Actor> {
    const raw = handshake.query.token ?? handshake.auth.token;
    const verified = deps.tokens.verifyAccess(typeof raw === 'string' ? raw : '');
    if (!verified.ok) throw refusal('ERR_SESSION_EXPIRED', `token ${verified.reason}`);
    let actor: Actor | null;
    try {
      // Read fresh: another node may have ended this session a moment ago (its cache is not ours).
      deps.actors.invalidate(verified.claims.id);
      actor = await deps.actors.load(verified.claims.id, verified.claims.companyId);
    } catch (error) {
      deps.log.error({ err: error }, 'socket handshake failed');
      throw refusal('ERR_INTERNAL_SERVER_ERROR');
    }
    // The same refusal for a deleted user and a revoked token: no account oracle.
    if (!actor || actor.tokenVersion !== verified.claims.tokenVersion) {
      throw refusal('ERR_SESSION_EXPIRED', 'session ended');
    }
    const block = actor.isSuper ? null : companyBlock(actor.company, deps.timeZone);
    if (block) throw refusal(block);
    return actor;
  }

  /** Closes the sockets but leaves the HTTP server to its owner (Fastify closes it). */
  async close(): Promise<void> {
    const io = this.#io;
    this.#io = undefined;
    if (!io) return;
    io.local.disconnectSockets(true);
    await io.of('/').adapter.close();
    // A publish-only server was never attached to HTTP and has no engine.
    (io.engine as typeof io.engine | undefined)?.close();
  }
}
