import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import type { FastifyBaseLogger as Logger } from 'fastify';
import { clientEvents, companyEvent, READY_EVENT, rooms, SOCKET_PING_MS } from '@zapdesk/contracts';
import { companyBlock, isAdmin, type Actor, type ActorLoader } from '../auth/actor';
import type { TokenService } from '../auth/tokens';

export interface RealtimeDeps {
  tokens: TokenService;
  actors: ActorLoader;
  timeZone: string;
  frontendUrl: string;
  log: Logger;
  /** Marks the user online/seen; answers whether `online` changed (then a -user update is sent). */
  touchUser: (actor: Actor) => Promise<void>;
}

/** Answers whether a socket's user may watch a ticket's room; the tickets module provides it. */
export type TicketRoomGuard = (actor: Actor, ticketId: number) => Promise<boolean>;

interface SocketData {
  actor: Actor;
  joins: Map<string, number>;
}

/**
 * socket.io on the HTTP port. Rooms are joined only through the handlers below, each built from the
 * authenticated socket's own company and user, so a socket can never enter another company's room.
 */
export class Realtime {
  #io: Server | undefined;
  #ticketGuard: TicketRoomGuard = async () => false;

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

  attach(server: HttpServer, deps: RealtimeDeps): Server {
    const io = new Server(server, {
      transports: ['websocket'],
      pingInterval: SOCKET_PING_MS,
      pingTimeout: SOCKET_PING_MS,
      cors: { origin: deps.frontendUrl, credentials: true },
      allowRequest: (req, callback) => {
        const origin = req.headers.origin;
        // Browsers always send Origin: only the configured web app (or this very host) may connect.
        const host = req.headers.host;
        const ok =
          !origin || origin === deps.frontendUrl || (host !== undefined && new URL(origin).host === host);
        callback(ok ? null : 'origin not allowed', ok);
      },
    });
    io.use(async (socket, next) => {
      try {
        const raw = socket.handshake.query.token ?? socket.handshake.auth?.token;
        const token = typeof raw === 'string' ? raw : '';
        const verified = deps.tokens.verifyAccess(token);
        if (!verified.ok) return next(new Error(`ERR_SESSION_EXPIRED: token ${verified.reason}`));
        const actor = await deps.actors.load(verified.claims.id, verified.claims.companyId);
        if (!actor || actor.tokenVersion !== verified.claims.tokenVersion) {
          return next(new Error('ERR_SESSION_EXPIRED'));
        }
        if (!actor.isSuper && companyBlock(actor.company, deps.timeZone))
          return next(new Error('ERR_NO_PERMISSION'));
        (socket.data as SocketData).actor = actor;
        (socket.data as SocketData).joins = new Map();
        next();
      } catch (error) {
        deps.log.error({ err: error }, 'socket handshake failed');
        next(new Error('ERR_INTERNAL_SERVER_ERROR'));
      }
    });
    io.on('connection', (socket) => this.onConnection(socket, deps));
    this.#io = io;
    return io;
  }

  private onConnection(socket: Socket, deps: RealtimeDeps): void {
    const data = socket.data as SocketData;
    const { actor } = data;
    void socket.join([rooms.companyMain(actor.companyId), rooms.user(actor.userId)]);
    const join = (room: string) => {
      data.joins.set(room, (data.joins.get(room) ?? 0) + 1);
      void socket.join(room);
    };
    const leave = (room: string) => {
      const count = (data.joins.get(room) ?? 0) - 1;
      if (count > 0) data.joins.set(room, count);
      else {
        data.joins.delete(room);
        void socket.leave(room);
      }
    };
    const notificationRooms = () => roomsFor(actor, 'notification');
    socket.on(clientEvents.joinChatBox, async (ticketId: unknown) => {
      const id = Number(ticketId);
      if (!Number.isInteger(id) || id <= 0) return;
      if (await this.#ticketGuard(actor, id)) join(rooms.ticket(id));
      else deps.log.warn({ userId: actor.userId, ticketId: id }, 'joinChatBox refused');
    });
    socket.on(clientEvents.leaveChatBox, (ticketId: unknown) => leave(rooms.ticket(Number(ticketId))));
    socket.on(clientEvents.joinNotification, () => notificationRooms().forEach(join));
    socket.on(clientEvents.leaveNotification, () => notificationRooms().forEach(leave));
    socket.on(clientEvents.joinTickets, (status: unknown) => {
      if (status === 'open' || status === 'pending' || status === 'closed')
        roomsFor(actor, status).forEach(join);
    });
    socket.on(clientEvents.leaveTickets, (status: unknown) => {
      if (status === 'open' || status === 'pending' || status === 'closed')
        roomsFor(actor, status).forEach(leave);
    });
    socket.on(clientEvents.userStatus, () => {
      void deps.touchUser(actor).catch((err: unknown) => deps.log.error({ err }, 'userStatus failed'));
    });
    void deps
      .touchUser(actor)
      .catch((err: unknown) => deps.log.error({ err }, 'marking user online failed'))
      .finally(() => socket.emit(READY_EVENT));
  }

  async close(): Promise<void> {
    await this.#io?.close();
    this.#io = undefined;
  }
}

/** Rooms a user listens to for a ticket status or notifications (server-behaviour 4.2). */
function roomsFor(actor: Actor, kind: 'open' | 'pending' | 'closed' | 'notification'): string[] {
  const companyId = actor.companyId;
  if (isAdmin(actor)) {
    return [
      kind === 'notification' ? rooms.companyNotification(companyId) : rooms.companyStatus(companyId, kind),
    ];
  }
  if (kind === 'notification') {
    const list = actor.queueIds.map(rooms.queueNotification);
    if (actor.allTicket === 'enabled') list.push(rooms.queueNullNotification(companyId));
    return list;
  }
  if (kind !== 'pending') return []; // own open/closed tickets arrive through user-{id}
  const list = actor.queueIds.map((q) => rooms.queueStatus(q, 'pending'));
  if (actor.allTicket === 'enabled') list.push(rooms.queueNullStatus(companyId, 'pending'));
  return list;
}
