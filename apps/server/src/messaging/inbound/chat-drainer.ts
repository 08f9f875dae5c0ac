import type { AppContext } from '../../platform/context';
import type { TenantTx } from '../../platform/tenancy';
import { type OutgoingEnv, TicketTouches } from '../../modules/messages';
import type { PictureRequests, PictureTarget } from '../pictures';
import { lockChatForProcessing, tryLockChatsForProcessing } from '../../modules/contacts';
import { ChatPrefetch } from './chat-prefetch';
import { applyAcks } from './apply-acks';
import { MAX_ATTEMPTS, recordAcksWaiting } from './waiting-acks';
import { EVENTS_PER_ROUND, markProcessed, passingBookkeeping, roundEvents } from './round-statements';
import { isAckChat, reviveEvent } from './event-key';
import { NotStoredYet } from './handle-updates';
import { BotCache, type QueuedTurn } from '../bots';
import { WriteCounter } from '../../platform/db/write-counter';
import { Effects, type InboundEnv } from './inbound-env';
import { processEvent } from './process-event';

/** The pipeline's statements are key lookups: planned once, for any company (see TenantScope.run). */
const PIPELINE_PLANS = { genericPlans: true, noSequentialScans: true };
/** Chats of one company taken into one round (one transaction). */
const CHATS_PER_ROUND = 50;
/** Events of one chat per transaction when a chat is drained on its own (after a failed round). */
const CHAT_BATCH = 25;
/** Pause before looking again at chats whose lock another transaction held (a send, another node). */
const BUSY_RETRY_MS = 25;
/** Looks at a busy chat this many times at most; the sweep takes over after that. */
const BUSY_RETRIES = 80;
/**
 * How long a round for acks waits for more: acks come in bursts (a phone acking what it got), and every sent message
 * kicks its ack queue in case an ack beat the send; gathered, they cost one transaction for many, not one each.
 */
const ACK_GATHER_MS = 40;

export interface ChatRef {
  companyId: number;
  whatsappId: number;
  chatKey: string;
}

interface Stored {
  id: number;
  whatsappId: number;
  chatKey: string;
  payload: unknown;
  attempts: number;
}

const keyOf = (chat: ChatRef) => `${chat.companyId}:${chat.whatsappId}:${chat.chatKey}`;

/**
 * Processes stored inbound events in per-chat order. Kicked chats wait in a queue; up to `parallel` workers each
 * take up to CHATS_PER_ROUND of them (one company) and process all their unprocessed events in one transaction:
 * one lock statement, one read, one update and one commit for many events. Across processes a transaction-level
 * advisory lock per chat serialises the work: a round takes only the chats whose lock is free and comes back for
 * the others. Inside this process a chat is in one round at a time (a kick meanwhile queues it again).
 * Rounds run optimistically: when an event fails, the round rolls back and its chats are drained one by one, so
 * the failing event is known and recorded, and the events before it still pass.
 */
export class ChatDrainer {
  readonly #queued = new Map<string, ChatRef>();
  /** Chats in a round now; `again` = kicked meanwhile. */
  readonly #taken = new Map<string, { again: boolean }>();
  readonly #busyTries = new Map<string, number>();
  readonly #workers = new Set<Promise<void>>();
  /** A worker is waiting ACK_GATHER_MS for more ack queues to be kicked. */
  #gathering = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly outbound: OutgoingEnv,
    private readonly pictures: PictureRequests,
    private readonly bots: { kick(queued?: QueuedTurn): void },
    private readonly parallel = 6,
  ) {}

  /** Makes sure the chat's unprocessed events get processed soon. */
  kick(chat: ChatRef): void {
    const key = keyOf(chat);
    const taken = this.#taken.get(key);
    if (taken) {
      taken.again = true;
      return;
    }
    this.#queued.set(key, chat);
    const gather = isAckChat(chat.chatKey);
    // The gathering worker takes this queue along.
    if (gather && this.#gathering) return;
    if (this.#workers.size < this.parallel) {
      const worker = this.work(gather).finally(() => this.#workers.delete(worker));
      this.#workers.add(worker);
    }
  }

  private async work(gather: boolean): Promise<void> {
    if (gather) {
      this.#gathering = true;
      await new Promise((resolve) => setTimeout(resolve, ACK_GATHER_MS));
      this.#gathering = false;
    } else {
      // Kicks of one moment (a stored batch of events settles its callers together) make one round, not one each.
      await new Promise((resolve) => setImmediate(resolve));
    }
    return this.drain();
  }

  /** Resolves once every round started so far, and whatever they queued again, has finished. */
  async idle(): Promise<void> {
    while (this.#workers.size > 0) await Promise.allSettled([...this.#workers]);
  }

  private async drain(): Promise<void> {
    for (;;) {
      const round = this.takeRound();
      if (round.length === 0) return;
      let busy: ChatRef[] = [];
      let alone: ChatRef[] = [];
      let unfinished = false;
      try {
        ({ busy, alone, unfinished } = await this.runRound(round));
      } catch (error) {
        if (!(error instanceof EventFailed)) this.ctx.log.warn({ err: error }, 'inbound round failed');
        alone = round;
      }
      for (const chat of alone) {
        await this.drainAlone(chat).catch((err: unknown) =>
          this.ctx.log.error({ err, ...chat }, 'inbound drain failed'),
        );
      }
      this.release(round, busy, unfinished);
      if (busy.length === round.length) await new Promise((resolve) => setTimeout(resolve, BUSY_RETRY_MS));
    }
  }

  /** Moves up to CHATS_PER_ROUND queued chats of the oldest queued company into a round. */
  private takeRound(): ChatRef[] {
    const round: ChatRef[] = [];
    for (const [key, chat] of this.#queued) {
      const first = round[0];
      if (first && chat.companyId !== first.companyId) continue;
      round.push(chat);
      this.#queued.delete(key);
      this.#taken.set(key, { again: false });
      if (round.length === CHATS_PER_ROUND) break;
    }
    return round;
  }

  /** Queues again the round's chats that were kicked meanwhile, were busy or may have more events. */
  private release(round: ChatRef[], busy: ChatRef[], unfinished: boolean): void {
    const busyKeys = new Set(busy.map(keyOf));
    for (const chat of round) {
      const key = keyOf(chat);
      const again = this.#taken.get(key)?.again ?? false;
      this.#taken.delete(key);
      let requeue = again || unfinished;
      if (busyKeys.has(key)) {
        const tries = (this.#busyTries.get(key) ?? 0) + 1;
        this.#busyTries.set(key, tries);
        // A chat held for long (a slow send, another node draining it) is left to its holder and the sweep.
        if (tries < BUSY_RETRIES) requeue = true;
        else this.#busyTries.delete(key);
      } else this.#busyTries.delete(key);
      if (requeue) this.#queued.set(key, chat);
    }
  }

  /**
   * One transaction: locks the free chats of the round, processes their events in id order, marks them done.
   * Answers the chats that were busy, and those whose next event failed before: they are retried on their own
   * (a failing event must not roll the other chats back again).
   */
  private runRound(round: ChatRef[]): Promise<{ busy: ChatRef[]; alone: ChatRef[]; unfinished: boolean }> {
    const companyId = round[0]?.companyId ?? 0;
    return this.ctx.scopes.tenant(companyId).run(async (tx) => {
      const locked = await tryLockChatsForProcessing(tx, round);
      const busy = round.filter((chat) => !locked.includes(chat));
      if (locked.length === 0) return { busy, alone: [], unfinished: false };
      const events = await roundEvents.run(tx, {
        whatsappIds: locked.map((c) => c.whatsappId),
        chatKeys: locked.map((c) => c.chatKey),
      });
      // Only a chat's first unprocessed event can have been attempted: the ones after it wait for it. An ack that
      // waited for its message never fails a round (processAll): it stays in the round.
      const retried = new Set<string>();
      const seen = new Set<string>();
      for (const event of events) {
        const key = keyOf({ companyId, ...event });
        if (!seen.has(key) && event.attempts > 0 && !isAckChat(event.chatKey)) retried.add(key);
        seen.add(key);
      }
      await this.processAll(
        tx,
        events.filter((event) => !retried.has(keyOf({ companyId, ...event }))),
      );
      const alone = locked.filter((chat) => retried.has(keyOf(chat)));
      return { busy, alone, unfinished: events.length === EVENTS_PER_ROUND };
    }, PIPELINE_PLANS);
  }

  /** Chat by chat, after a round failed: batches, then one event per transaction to find the failing one. */
  private async drainAlone(chat: ChatRef): Promise<void> {
    const scope = this.ctx.scopes.tenant(chat.companyId);
    let limit = CHAT_BATCH;
    for (;;) {
      try {
        const handled = await scope.run((tx) => this.drainChatBatch(tx, chat, limit), PIPELINE_PLANS);
        if (handled < limit) return;
        limit = CHAT_BATCH;
      } catch (error) {
        if (!(error instanceof EventFailed)) throw error;
        if (limit > 1) {
          limit = 1;
          continue;
        }
        await scope.run((tx) => this.recordFailure(tx, error, chat));
        // Later events of this chat wait: order matters more than speed.
        return;
      }
    }
  }

  /** Processes up to `limit` of one chat's oldest unprocessed events; answers how many there were. */
  private async drainChatBatch(tx: TenantTx, chat: ChatRef, limit: number): Promise<number> {
    await lockChatForProcessing(tx, chat.whatsappId, chat.chatKey);
    const events = await tx
      .selectFrom('inboundEvents')
      .where('whatsappId', '=', chat.whatsappId)
      .where('chatKey', '=', chat.chatKey)
      .where('status', '=', 'received')
      .orderBy('id')
      .limit(limit)
      .select(['id', 'whatsappId', 'chatKey', 'payload', 'attempts'])
      .execute();
    await this.processAll(tx, events);
    return events.length;
  }

  /**
   * Processes the events in the given order, the acks together after the others (apply-acks.ts: an ack only ever
   * raises a value, so its place in the order changes nothing), marks them processed, and hands their effects
   * (socket events, kicks) to the commit. Throws EventFailed, naming the event, when one fails: the whole
   * transaction rolls back. An ack whose message is not stored yet stays unprocessed, its attempt counted.
   */
  private async processAll(tx: TenantTx, events: Stored[]): Promise<void> {
    if (events.length === 0) return;
    const effects = new Effects();
    const botCache = new BotCache();
    const writes = new WriteCounter();
    const counted = tx.withPlugin(writes);
    const touches = new TicketTouches(tx);
    await tx.holdWrite(passingBookkeeping(touches));
    const revived = events.map((stored) => ({ ...stored, event: reviveEvent(stored.payload) }));
    const acks = revived.flatMap(({ event, ...stored }) =>
      event.type === 'message.status' ? [{ ...stored, wid: event.wid, ack: event.ack }] : [],
    );
    const others = revived.filter(({ event }) => event.type !== 'message.status');
    const prefetch = await ChatPrefetch.load(tx, others);
    for (const { event, ...stored } of others) {
      const env: InboundEnv = {
        tx: counted,
        ctx: this.ctx,
        outbound: this.outbound,
        whatsappId: stored.whatsappId,
        botCache,
        prefetch,
        touches,
        writes,
        requestPicture: (target: PictureTarget, lastLookup: Date | null) =>
          this.pictures.request(target, lastLookup),
        defer: effects.defer,
        kickBots: (queued) => this.bots.kick(queued),
        kick: (other: ChatRef) => this.kick(other),
      };
      prefetch.before(event);
      try {
        await processEvent(env, event);
      } catch (cause) {
        throw new EventFailed(stored, cause);
      }
    }
    const waiting = await this.applyRoundAcks(counted, acks, effects);
    const waitingIds = new Set(waiting.map((ack) => ack.id));
    const processedAt = new Date();
    const done = events.filter((e) => !waitingIds.has(e.id)).map((e) => e.id);
    if (done.length > 0) await markProcessed.run(tx, { ids: done, processedAt });
    if (waiting.length > 0) await recordAcksWaiting(tx, this.ctx.log, waiting, processedAt);
    tx.afterCommit(() => effects.flush());
  }

  /** The round's acks in a few statements; answers those whose message is not stored yet. */
  private async applyRoundAcks<T extends Stored & { wid: string; ack: number }>(
    tx: TenantTx,
    acks: T[],
    effects: Effects,
  ): Promise<T[]> {
    const [first] = acks;
    if (!first) return [];
    try {
      return await applyAcks({ tx, ctx: this.ctx, outbound: this.outbound, defer: effects.defer }, acks);
    } catch (cause) {
      throw new EventFailed(first, cause);
    }
  }

  private async recordFailure(tx: TenantTx, failure: EventFailed, chat: ChatRef): Promise<void> {
    const { event, cause } = failure;
    const attempts = event.attempts + 1;
    const givesUp = attempts >= MAX_ATTEMPTS;
    const orphan = cause instanceof NotStoredYet;
    const reason = cause instanceof Error ? cause.message : String(cause);
    await tx
      .updateTable('inboundEvents')
      .set({
        attempts,
        lastError: reason.slice(0, 1000),
        ...(givesUp ? { status: orphan ? 'processed' : 'failed', processedAt: new Date() } : {}),
      })
      .where('id', '=', event.id)
      .execute();
    const log = { err: cause, ...chat, eventId: event.id, attempts };
    if (orphan) this.ctx.log.debug(log, 'inbound event waits for its message');
    else if (givesUp) this.ctx.log.error(log, 'inbound event failed for good');
    else this.ctx.log.warn(log, 'inbound event failed; the sweep retries it');
  }
}

/** An event whose processing threw; its transaction rolled back. */
class EventFailed extends Error {
  constructor(
    readonly event: { id: number; attempts: number },
    override readonly cause: unknown,
  ) {
    super(`inbound event ${event.id} failed`);
    this.name = 'EventFailed';
  }
}
