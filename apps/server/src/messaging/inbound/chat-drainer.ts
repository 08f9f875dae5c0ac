import type { AppContext } from '../../platform/context';
import type { TenantTx } from '../../platform/tenancy';
import type { OutgoingEnv } from '../outbound/store-outgoing';
import type { PictureRequests, PictureTarget } from '../pictures';
import { lockChatForProcessing } from './chat-key';
import { reviveEvent } from './event-key';
import { NotStoredYet } from './handle-updates';
import { Effects } from './inbound-env';
import { processEvent } from './process-event';

/** Attempts before an event is given up (marked failed; an ack for a message we never stored is dropped). */
export const MAX_ATTEMPTS = 5;
/** Events of one chat handled per transaction. */
const BATCH = 25;

export interface ChatRef {
  companyId: number;
  whatsappId: number;
  chatKey: string;
}

/**
 * Processes stored inbound events one chat at a time, oldest first. Across processes a transaction-level
 * advisory lock on the chat serialises the work; inside this process one drain per chat runs at a time (a kick
 * during a drain makes it look again), and at most `parallel` chats are drained at once.
 */
export class ChatDrainer {
  readonly #running = new Map<string, { again: boolean; done: Promise<void> }>();
  readonly #waiting: Array<() => void> = [];
  #active = 0;

  constructor(
    private readonly ctx: AppContext,
    private readonly outbound: OutgoingEnv,
    private readonly pictures: PictureRequests,
    private readonly parallel = 12,
  ) {}

  /** Makes sure the chat's unprocessed events get processed soon. */
  kick(chat: ChatRef): void {
    const key = `${chat.companyId}:${chat.whatsappId}:${chat.chatKey}`;
    const running = this.#running.get(key);
    if (running) {
      running.again = true;
      return;
    }
    const state = { again: true, done: Promise.resolve() };
    state.done = this.withSlot(async () => {
      while (state.again) {
        state.again = false;
        await this.drain(chat).catch((err: unknown) =>
          this.ctx.log.error({ err, ...chat }, 'inbound drain failed'),
        );
      }
    }).finally(() => this.#running.delete(key));
    this.#running.set(key, state);
  }

  /** Resolves once every drain started so far has finished. */
  async idle(): Promise<void> {
    while (this.#running.size > 0) await Promise.allSettled([...this.#running.values()].map((r) => r.done));
  }

  private async withSlot(work: () => Promise<void>): Promise<void> {
    if (this.#active >= this.parallel) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#active++;
    try {
      await work();
    } finally {
      this.#active--;
      this.#waiting.shift()?.();
    }
  }

  /**
   * Batches run optimistically in one transaction. When one fails, the batch rolls back and the chat is retried
   * one event per transaction, so the failing event is known and recorded, and the events before it still pass.
   */
  private async drain(chat: ChatRef): Promise<void> {
    const scope = this.ctx.scopes.tenant(chat.companyId);
    let limit = BATCH;
    for (;;) {
      try {
        const handled = await scope.run((tx) => this.drainBatch(tx, chat, limit));
        if (handled < limit) return;
        limit = BATCH;
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

  /** Processes up to `limit` of the chat's oldest unprocessed events; answers how many there were. */
  private async drainBatch(tx: TenantTx, chat: ChatRef, limit: number): Promise<number> {
    await lockChatForProcessing(tx, chat.whatsappId, chat.chatKey);
    const events = await tx
      .selectFrom('inboundEvents')
      .where('whatsappId', '=', chat.whatsappId)
      .where('chatKey', '=', chat.chatKey)
      .where('status', '=', 'received')
      .orderBy('id')
      .limit(limit)
      .select(['id', 'payload', 'attempts'])
      .execute();
    if (events.length === 0) return 0;
    const effects = new Effects();
    const env = {
      tx,
      ctx: this.ctx,
      outbound: this.outbound,
      whatsappId: chat.whatsappId,
      requestPicture: (target: PictureTarget) => this.pictures.request(target),
      defer: effects.defer,
      kick: (other: ChatRef) => this.kick(other),
    };
    for (const event of events) {
      try {
        await processEvent(env, reviveEvent(event.payload));
      } catch (cause) {
        throw new EventFailed(event, cause);
      }
    }
    await tx
      .updateTable('inboundEvents')
      .set((eb) => ({ status: 'processed', processedAt: new Date(), attempts: eb('attempts', '+', 1) }))
      .where(
        'id',
        'in',
        events.map((e) => e.id),
      )
      .execute();
    tx.afterCommit(() => effects.flush());
    return events.length;
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

/** An event whose processing threw; its batch rolled back. */
class EventFailed extends Error {
  constructor(
    readonly event: { id: number; attempts: number },
    override readonly cause: unknown,
  ) {
    super(`inbound event ${event.id} failed`);
    this.name = 'EventFailed';
  }
}
