import { sql } from 'kysely';
import type { AppContext } from '../../platform/context';
import type { MediaStorage } from '../../platform/storage/media-storage';
import { loadMessageViews, emitMessageUpdated } from '../../modules/messages';
import { ProviderError, type ProviderKind, type ProviderSession } from '../providers';
import { executeTask, type OutboxRow } from './outbox-execute';
import { downloadKinds, maxAttempts, sendLaneKinds, type OutboxKind, type OutboxTask } from './outbox-tasks';
import { TokenBucket } from './token-bucket';

type Lane = 'send' | 'download';
/** A burst of `capacity` sends, then `perSecond`. */
export interface SendRate {
  capacity: number;
  perSecond: number;
}
const laneKinds: Record<Lane, OutboxKind[]> = { send: sendLaneKinds, download: downloadKinds };

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
  readonly retry = { baseMs: 1000, maxMs: 60_000 };
  /** Sends per connection: a burst of `capacity`, then `perSecond` (SEND_RATE; tests tune it). */
  readonly rate: SendRate;
  /** Per connection type, instead of `rate`; null: not limited (SIMULATOR_SEND_RATE). */
  readonly rates: Partial<Record<ProviderKind, SendRate | null>> = {};
  readonly #lanes = new Map<string, { again: boolean; done: Promise<void> }>();
  readonly #buckets = new Map<number, TokenBucket>();
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly deps: OutboxWorkerDeps,
  ) {
    this.rate = { ...ctx.config.sendRate };
    if (ctx.config.simulatorSendRate !== undefined) this.rates.simulator = ctx.config.simulatorSendRate;
  }

  /** Runs the connection's due tasks now, if this process owns its session. */
  kick(whatsappId: number): void {
    if (this.#stopped || !this.deps.local(whatsappId)) return;
    this.runLane(whatsappId, 'send');
    this.runLane(whatsappId, 'download');
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
      for (const { whatsappId } of due) this.kick(whatsappId);
    } catch (err) {
      this.ctx.log.error({ err }, 'outbox poll failed');
    }
  }

  private runLane(whatsappId: number, lane: Lane): void {
    const key = `${whatsappId}:${lane}`;
    const running = this.#lanes.get(key);
    if (running) {
      running.again = true;
      return;
    }
    const state = { again: true, done: Promise.resolve() };
    state.done = (async () => {
      while (state.again && !this.#stopped) {
        state.again = false;
        await this.drain(whatsappId, lane).catch((err: unknown) =>
          this.ctx.log.error({ err, whatsappId, lane }, 'outbox lane failed'),
        );
      }
    })().finally(() => this.#lanes.delete(key));
    this.#lanes.set(key, state);
  }

  private async drain(whatsappId: number, lane: Lane): Promise<void> {
    for (;;) {
      const session = this.deps.local(whatsappId);
      if (!session || this.#stopped) return;
      const next = await this.peek(whatsappId, lane);
      if (!next) return;
      if (next.kind === 'send') await this.bucket(whatsappId, session.kind)?.take();
      // A row someone else holds (e.g. a delete cancelling it) is left for the next kick or poll.
      if (!(await this.runOne(next, session))) return;
    }
  }

  private peek(whatsappId: number, lane: Lane): Promise<OutboxRow | undefined> {
    return this.ctx.scopes.asSystem((tx) =>
      tx.db
        .selectFrom('outbox')
        .where('whatsappId', '=', whatsappId)
        .where('status', '=', 'pending')
        .where('nextAttemptAt', '<=', new Date())
        .where('kind', 'in', laneKinds[lane])
        // Campaign sends (bulk) wait behind the connection's conversations: a reply never queues behind them.
        .orderBy('bulk')
        .orderBy('id')
        .limit(1)
        .selectAll()
        .executeTakeFirst(),
    );
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
      await this.recordFailure(peeked, task, error);
      return true;
    }
  }

  private async recordFailure(row: OutboxRow, task: OutboxTask, error: unknown): Promise<void> {
    const attempts = row.attempts + 1;
    const reason = error instanceof Error ? error.message : String(error);
    const transient = !(error instanceof ProviderError) || error.transient;
    const givesUp = !transient || attempts >= maxAttempts[task.kind];
    const delay = Math.min(this.retry.maxMs, this.retry.baseMs * 2 ** (attempts - 1));
    const log = {
      err: error,
      companyId: row.companyId,
      whatsappId: row.whatsappId,
      kind: task.kind,
      attempts,
    };
    await this.ctx.scopes.tenant(row.companyId).run(async (tx) => {
      await tx
        .updateTable('outbox')
        .set({
          attempts,
          lastError: reason.slice(0, 1000),
          // A send a campaign cancel held meanwhile stays held until the campaign restarts.
          status: givesUp
            ? 'failed'
            : sql<'pending' | 'held'>`case when status = 'held' then 'held' else 'pending' end`,
          nextAttemptAt: sql<Date>`now() + ${`${delay} milliseconds`}::interval`,
          updatedAt: new Date(),
        })
        .where('id', '=', row.id)
        .execute();
      if (!givesUp) return;
      if (task.kind === 'send') {
        await tx
          .updateTable('messages')
          .set({ sendError: `ERR_SENDING_WAPP_MSG: ${reason}`.slice(0, 500), updatedAt: new Date() })
          .where('id', '=', task.messageId)
          .execute();
        const views = await loadMessageViews(tx, this.deps.storage, [task.messageId]);
        tx.afterCommit(() => views.forEach((v) => emitMessageUpdated(this.ctx.realtime, tx.companyId, v)));
      }
    });
    if (givesUp) {
      const code = task.kind === 'download' ? 'ERR_WAPP_DOWNLOAD_MEDIA' : 'ERR_SENDING_WAPP_MSG';
      this.ctx.log.error({ ...log, code }, `outbox ${task.kind} failed for good`);
    } else {
      this.ctx.log.warn(log, `outbox ${task.kind} failed; retrying in ${delay} ms`);
      setTimeout(() => this.kick(row.whatsappId), delay).unref();
    }
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
