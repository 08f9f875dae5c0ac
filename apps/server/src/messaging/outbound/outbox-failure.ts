import { sql } from 'kysely';
import type { AppContext } from '../../platform/context';
import type { MediaStorage } from '../../platform/storage/media-storage';
import type { TenantTx } from '../../platform/tenancy';
import { loadMessageViews, emitMessageUpdated } from '../../modules/messages';
import { ProviderError } from '../providers';
import type { OutboxRow } from './outbox-execute';
import { maxAttempts, type OutboxTask } from './outbox-tasks';

/** First retry delay and its cap (the worker's `retry`, tunable for tests). */
export interface RetryPolicy {
  baseMs: number;
  maxMs: number;
}

/** What a failed attempt of one outbox row comes to: retried after `delay`, or given up. */
export interface OutboxFailure {
  row: OutboxRow;
  task: OutboxTask;
  error: unknown;
  attempts: number;
  reason: string;
  givesUp: boolean;
  delayMs: number;
}

/** A provider's lasting refusal, or the last allowed attempt, gives up; anything else is retried with backoff. */
export function failureOf(
  row: OutboxRow,
  task: OutboxTask,
  error: unknown,
  retry: RetryPolicy,
): OutboxFailure {
  const attempts = row.attempts + 1;
  const transient = !(error instanceof ProviderError) || error.transient;
  return {
    row,
    task,
    error,
    attempts,
    reason: error instanceof Error ? error.message : String(error),
    givesUp: !transient || attempts >= maxAttempts[task.kind],
    delayMs: Math.min(retry.maxMs, retry.baseMs * 2 ** (attempts - 1)),
  };
}

/**
 * Records the failure in the caller's transaction: the row's attempts, error and next attempt (or `failed`); a send
 * given up marks its message with a readable error, whose update event goes out after commit.
 */
export async function writeFailure(
  tx: TenantTx,
  ctx: AppContext,
  storage: MediaStorage,
  failure: OutboxFailure,
): Promise<void> {
  const { row, task, givesUp } = failure;
  await tx
    .updateTable('outbox')
    .set({
      attempts: failure.attempts,
      lastError: failure.reason.slice(0, 1000),
      // A send a campaign cancel held meanwhile stays held until the campaign restarts.
      status: givesUp
        ? 'failed'
        : sql<'pending' | 'held'>`case when status = 'held' then 'held' else 'pending' end`,
      nextAttemptAt: sql<Date>`now() + ${`${failure.delayMs} milliseconds`}::interval`,
      updatedAt: new Date(),
    })
    .where('id', '=', row.id)
    .execute();
  if (!givesUp || task.kind !== 'send') return;
  await tx
    .updateTable('messages')
    .set({ sendError: `ERR_SENDING_WAPP_MSG: ${failure.reason}`.slice(0, 500), updatedAt: new Date() })
    .where('id', '=', task.messageId)
    .execute();
  const views = await loadMessageViews(tx, storage, [task.messageId]);
  tx.afterCommit(() => views.forEach((v) => emitMessageUpdated(ctx.realtime, tx.companyId, v)));
}

/** The log line of a recorded failure (after its commit). */
export function logFailure(ctx: AppContext, failure: OutboxFailure): void {
  const { row, task } = failure;
  const log = {
    err: failure.error,
    companyId: row.companyId,
    whatsappId: row.whatsappId,
    kind: task.kind,
    attempts: failure.attempts,
  };
  if (failure.givesUp) {
    const code = task.kind === 'download' ? 'ERR_WAPP_DOWNLOAD_MEDIA' : 'ERR_SENDING_WAPP_MSG';
    ctx.log.error({ ...log, code }, `outbox ${task.kind} failed for good`);
  } else {
    ctx.log.warn(log, `outbox ${task.kind} failed; retrying in ${failure.delayMs} ms`);
  }
}
