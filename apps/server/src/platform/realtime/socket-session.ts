import type { Socket } from 'socket.io';
import type { FastifyBaseLogger as Logger } from 'fastify';
import { clientEvents, READY_EVENT, rooms } from '@zapdesk/contracts';
import { companyBlock, type Actor, type ActorLoader } from '../auth/actor';
import { isTicketStatus, roomsFor, type RoomKind } from './room-rules';

/** Answers whether a socket's user may watch a ticket's room; the tickets module provides it. */
export type TicketRoomGuard = (actor: Actor, ticketId: number) => Promise<boolean>;

export interface SessionDeps {
  actors: ActorLoader;
  timeZone: string;
  log: Logger;
  ticketGuard: () => TicketRoomGuard;
  /** Marks the user online and seen now; sends the -user update when `online` flips. */
  touchUser: (actor: Actor) => Promise<void>;
}

type Ack = (...args: unknown[]) => void;

/** A client event's arguments: its value and, when the client asked for one, the acknowledgement. */
function splitAck(args: unknown[]): { value: unknown; ack: Ack | undefined } {
  const last = args.at(-1);
  if (typeof last === 'function') return { value: args.length > 1 ? args[0] : undefined, ack: last as Ack };
  return { value: args[0], ack: undefined };
}

/**
 * One authenticated socket. Rooms are joined only here, built from the socket's own actor, so a client
 * can never name another company's room. Joins are counted per room and every leave undoes exactly the
 * rooms of its join, even when the user's queues changed in between.
 */
export class SocketSession {
  readonly #counts = new Map<string, number>();
  readonly #joinedBy = new Map<string, string[][]>();
  #queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly socket: Socket,
    private readonly handshakeActor: Actor,
    private readonly deps: SessionDeps,
  ) {}

  start(): void {
    const actor = this.handshakeActor;
    void this.socket.join([rooms.companyMain(actor.companyId), rooms.user(actor.userId)]);
    this.on(clientEvents.joinChatBox, (value) => this.joinChatBox(value));
    this.on(clientEvents.leaveChatBox, async (value) => this.leave(`ticket:${Number(value)}`));
    this.on(clientEvents.joinNotification, () => this.joinKind('notification'));
    this.on(clientEvents.leaveNotification, async () => this.leave('notification'));
    this.on(clientEvents.joinTickets, async (value) => {
      if (isTicketStatus(value)) await this.joinKind(value);
    });
    this.on(clientEvents.leaveTickets, async (value) => {
      if (isTicketStatus(value)) this.leave(value);
    });
    this.on(clientEvents.userStatus, async () => {
      const current = await this.currentActor();
      if (current) await this.deps.touchUser(current);
    });
    this.serial(async () => {
      await this.deps.touchUser(actor);
      this.socket.emit(READY_EVENT);
    });
  }

  /** Handles a client event in order with the others; acknowledges it when the client asked. */
  private on(event: string, handle: (value: unknown) => Promise<void>): void {
    this.socket.on(event, (...args: unknown[]) => {
      const { value, ack } = splitAck(args);
      this.serial(() => handle(value), ack);
    });
  }

  // One at a time, in arrival order, so a leave never overtakes the join it undoes.
  private serial(work: () => Promise<void>, ack?: Ack): void {
    this.#queue = this.#queue
      .then(work)
      .catch((err: unknown) =>
        this.deps.log.error({ err, userId: this.handshakeActor.userId }, 'socket event failed'),
      )
      .finally(() => ack?.());
  }

  /** The actor as the database says now; a revoked or blocked session is disconnected instead. */
  private async currentActor(): Promise<Actor | null> {
    const { userId, companyId, tokenVersion } = this.handshakeActor;
    const actor = await this.deps.actors.load(userId, companyId);
    const blocked = actor && !actor.isSuper && companyBlock(actor.company, this.deps.timeZone);
    if (!actor || actor.tokenVersion !== tokenVersion || blocked) {
      this.socket.disconnect(true);
      return null;
    }
    return actor;
  }

  private async joinChatBox(value: unknown): Promise<void> {
    const ticketId = Number(value);
    if (!Number.isInteger(ticketId) || ticketId <= 0) return;
    const actor = await this.currentActor();
    if (!actor) return;
    if (await this.deps.ticketGuard()(actor, ticketId))
      this.join(`ticket:${ticketId}`, [rooms.ticket(ticketId)]);
    else this.deps.log.warn({ userId: actor.userId, ticketId }, 'joinChatBox refused');
  }

  private async joinKind(kind: RoomKind): Promise<void> {
    const actor = await this.currentActor();
    if (actor) this.join(kind, roomsFor(actor, kind));
  }

  private join(key: string, roomNames: string[]): void {
    this.#joinedBy.set(key, [...(this.#joinedBy.get(key) ?? []), roomNames]);
    for (const room of roomNames) {
      this.#counts.set(room, (this.#counts.get(room) ?? 0) + 1);
      void this.socket.join(room);
    }
  }

  private leave(key: string): void {
    const stack = this.#joinedBy.get(key);
    const roomNames = stack?.pop();
    if (!stack || !roomNames) return;
    if (stack.length === 0) this.#joinedBy.delete(key);
    for (const room of roomNames) {
      const count = (this.#counts.get(room) ?? 0) - 1;
      if (count > 0) this.#counts.set(room, count);
      else {
        this.#counts.delete(room);
        void this.socket.leave(room);
      }
    }
  }
}
