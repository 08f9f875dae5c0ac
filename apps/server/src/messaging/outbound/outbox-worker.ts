import type { AppContext } from '../../platform/context';
import type { MediaStorage } from '../../platform/storage/media-storage';
import { loadMessageViews, emitMessageUpdated } from '../../modules/messages';
import type { ProviderKind, ProviderSession } from '../providers';
import { executeTask, type OutboxRow } from './outbox-execute';
import { failureOf, logFailure, writeFailure, type OutboxFailure, type RetryPolicy } from './outbox-failure';
import { leadingSends, sendBatch, SENDS_PER_BATCH } from './outbox-send-batch';
import { peekDue } from './outbox';
import { downloadKinds, sendLaneKinds, type OutboxKind, type OutboxTask } from './outbox-tasks';
import { TaskSlots } from './task-slots';
import { TokenBucket } from './token-bucket';

type Lane = 'send' | 'download';
interface LaneState {
  /** Kicked while running: look for due work again once the current pass ends. */
  again: boolean;
  /** Kicks while running (new work was queued): a batch of campaign sends makes way for it. */
  kicks: number;
  done: Promise<void>;
}
/** A burst of `capacity` sends, then `perSecond`. */
export interface SendRate {
  capacity: number;
  perSecond: number;
}
const laneKinds: Record<Lane, OutboxKind[]> = { send: sendLaneKinds, download: downloadKinds };
/**
 * Tasks run at once across every lane: each holds a pooled connection (the pool has 20) and its provider may take
 * a second one, so this stays well under half the pool, leaving room for everything else.
 */
const TASKS_AT_ONCE = 6;

export interface OutboxWorkerDeps {
  storage: MediaStorage;
  /** The live session of a connection when this process owns it. */
  local(whatsappId: number): ProviderSession | undefined;
  /** Called after a send's wid is stored (acks that came early can now be applied). */
  onSent?(companyId: number, whatsappId: number, wid: string): void;
}

/**
 * Runs outbox tasks for the connections whose session this process owns: per connection one send lane (in
 * order, rate-limited by a token bucket) and one download lane. Rows are taken with `for update skip locked`, a
 * failure is retried with exponential backoff, and a send that fails for good marks its message with a readable
 * error. Kicked right after commits here, and polled for the work other processes queue.
 */
export class OutboxWorker {
  /** Tunable for tests: first retry delay and its cap. */
  readonly retry: RetryPolicy = { baseMs: 1000, maxMs: 60_000 };
  /** Sends per connection: a burst of `capacity`, then `perSecond` (SEND_RATE; tests tune it). */
  readonly rate: SendRate;
  /** Per connection type, instead of `rate`; null: not limited (SIMULATOR_SEND_RATE). */
  readonly rates: Partial<Record<ProviderKind, SendRate | null>> = {};
  readonly #lanes = new Map<string, LaneState>();
  readonly #buckets = new Map<number, TokenBucket>();
  readonly #slots = new TaskSlots(TASKS_AT_ONCE);
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly deps: OutboxWorkerDeps,
  ) {
    this.rate = { ...ctx.config.sendRate };
    if (ctx.config.simulatorSendRate !== undefined) this.rates.simulator = ctx.config.simulatorSendRate;
  }

  /** Runs the connection's due tasks now (something was queued for it), if this process owns its session. */
  kick(whatsappId: number): void {
    this.wake(whatsappId, true);
  }

  /** `queued`: new work, which campaign sends make way for (a poll's wake-up is not). */
  private wake(whatsappId: number, queued: boolean): void {
    if (this.#stopped || !this.deps.local(whatsappId)) return;
    this.runLane(whatsappId, 'send', queued);
    this.runLane(whatsappId, 'download', queued);
  }

  start(pollMs = 1000): void {
    this.#stopped = false;
    this.#timer = setInterval(() => void this.poll(), pollMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    await Promise.allSettled([...this.#lanes.values()].map((l) => l.done));
  }

  /** Kicks every connection with due work (queued by any process). */
  async poll(): Promise<void> {
    try {
      const due = await this.ctx.scopes.asSystem((tx) =>
        tx.db
          .selectFrom('outbox')
          .where('status', '=', 'pending')
          .where('nextAttemptAt', '<=', new Date())
          .select('whatsappId')
          .distinct()
          .execute(),
      );
      for (const { whatsappId } of due) this.wake(whatsappId, false);
    } catch (err) {
      this.ctx.log.error({ err }, 'outbox poll failed');
    }
  }

  private runLane(whatsappId: number, lane: Lane, queued: boolean): void {
    const key = `${whatsappId}:${lane}`;
    const running = this.#lanes.get(key);
    if (running) {
      running.again = true;
      if (queued) running.kicks += 1;
      return;
    }
    const state: LaneState = { again: true, kicks: 0, done: Promise.resolve() };
    state.done = (async () => {
      while (state.again && !this.#stopped) {
        state.again = false;
        await this.drain(whatsappId, lane, state).catch((err: unknown) =>
          this.ctx.log.error({ err, whatsappId, lane }, 'outbox lane failed'),
        );
      }
    })().finally(() => this.#lanes.delete(key));
    this.#lanes.set(key, state);
  }

  private async drain(whatsappId: number, lane: Lane, state: LaneState): Promise<void> {
    for (;;) {
      const session = this.deps.local(whatsappId);
      if (!session || this.#stopped) return;
      const due = await peekDue(
        this.ctx.scopes,
        whatsappId,
        laneKinds[lane],
        lane === 'send' ? SENDS_PER_BATCH : 1,
      );
      const next = due[0];
      if (!next) return;
      const sends = next.kind === 'send' ? leadingSends(due) : [];
      // A row someone else holds (e.g. a delete cancelling it) is left for the next kick or poll.
      const ran =
        sends.length > 0
          ? await this.runSends(whatsappId, sends, session, state)
          : await this.inSlot(() => this.runOne(next, session));
      if (!ran) return;
    }
  }

  private async inSlot<T>(fn: () => Promise<T>): Promise<T> {
    await this.#slots.take();
    try {
      return await fn();
    } finally {
      this.#slots.give();
    }
  }

  /**
   * Sends as many of `due` as the connection's rate allows now, in one transaction. The first token is waited
   * for outside any transaction and slot; the others are only those there already once the slot is ours, so a
   * batch never holds a transaction waiting for the rate. Tokens of sends that did not go out are given back.
   */
  private async runSends(
    whatsappId: number,
    due: OutboxRow[],
    session: ProviderSession,
    lane: LaneState,
  ): Promise<boolean> {
    const bucket = this.bucket(whatsappId, session.kind);
    await bucket?.take();
    return this.inSlot(async () => {
      const size = bucket ? 1 + bucket.takeUpTo(due.length - 1) : due.length;
      const kicks = lane.kicks;
      const attempted = await this.runBatch(due.slice(0, size), session, () => lane.kicks !== kicks);
      bucket?.giveBack(size - attempted.count);
      return attempted.taken > 0;
    });
  }

  /**
   * One batch (sendBatch); a provider's refusal is recorded in the same transaction, after the sends before it.
   * When the transaction itself fails, its rows are run again one by one, so a bad row fails alone (the sends that
   * went out are not repeated: the provider answers their idempotency keys with the wids it gave).
   */
  private async runBatch(
    rows: OutboxRow[],
    session: ProviderSession,
    queuedSince: () => boolean,
  ): Promise<{ taken: number; count: number }> {
    const first = rows[0];
    if (!first) return { taken: 0, count: 0 };
    let failure: OutboxFailure | undefined;
    try {
      const result = await this.ctx.scopes.tenant(first.companyId).run(async (tx) => {
        const batch = await sendBatch(tx, session, this.deps.storage, rows, queuedSince);
        if (batch.failed) {
          failure = failureOf(batch.failed.row, batch.failed.task, batch.failed.error, this.retry);
          await writeFailure(tx, this.ctx, this.deps.storage, failure);
        }
        tx.afterCommit(() => {
          for (const view of batch.views) emitMessageUpdated(this.ctx.realtime, tx.companyId, view);
          for (const wid of batch.sentWids) this.deps.onSent?.(tx.companyId, first.whatsappId, wid);
        });
        return batch;
      });
      if (failure) this.failed(failure);
      return { taken: result.taken, count: result.attempted };
    } catch (err) {
      if (rows.length === 1) {
        await this.recordFailure(first, err);
        return { taken: 1, count: 1 };
      }
      this.ctx.log.warn(
        { err, whatsappId: first.whatsappId, sends: rows.length },
        'outbox batch failed; one by one',
      );
      let taken = 0;
      for (const row of rows) {
        if (!(await this.runOne(row, session))) break;
        taken += 1;
      }
      return { taken, count: rows.length };
    }
  }

  /** Answers false when the row was no longer there to take. */
  private async runOne(peeked: OutboxRow, session: ProviderSession): Promise<boolean> {
    const task = peeked.payload as OutboxTask;
    const scope = this.ctx.scopes.tenant(peeked.companyId);
    try {
      return await scope.run(async (tx) => {
        const row = await tx
          .selectFrom('outbox')
          .where('id', '=', peeked.id)
          .where('status', '=', 'pending')
          .selectAll()
          .forUpdate()
          .skipLocked()
          .executeTakeFirst();
        if (!row) return false;
        const result = await executeTask(tx, session, this.deps.storage, row, task);
        await tx
          .updateTable('outbox')
          .set({ status: 'sent', attempts: row.attempts + 1, lastError: null, updatedAt: new Date() })
          .where('id', '=', row.id)
          .execute();
        const views = await loadMessageViews(tx, this.deps.storage, result.changedMessageIds);
        tx.afterCommit(() => {
          for (const view of views) emitMessageUpdated(this.ctx.realtime, tx.companyId, view);
          if (result.sentWid) this.deps.onSent?.(tx.companyId, row.whatsappId, result.sentWid);
        });
        return true;
      });
    } catch (error) {
      await this.recordFailure(peeked, error);
      return true;
    }
  }

  /** Records a failed attempt in a transaction of its own (the one that failed was rolled back). */
  private async recordFailure(row: OutboxRow, error: unknown): Promise<void> {
    const failure = failureOf(row, row.payload as OutboxTask, error, this.retry);
    await this.ctx.scopes
      .tenant(row.companyId)
      .run((tx) => writeFailure(tx, this.ctx, this.deps.storage, failure));
    this.failed(failure);
  }

  /** After a failure's commit: its log line, and the retry's kick when it is due. */
  private failed(failure: OutboxFailure): void {
    logFailure(this.ctx, failure);
    if (!failure.givesUp) setTimeout(() => this.kick(failure.row.whatsappId), failure.delayMs).unref();
  }

  /** The connection's bucket; none when its type is not limited. */
  private bucket(whatsappId: number, kind: ProviderKind): TokenBucket | undefined {
    const rate = kind in this.rates ? this.rates[kind] : this.rate;
    if (!rate) return undefined;
    let bucket = this.#buckets.get(whatsappId);
    if (!bucket) {
      bucket = new TokenBucket(rate.capacity, rate.perSecond);
      this.#buckets.set(whatsappId, bucket);
    }
    return bucket;
  }
}
