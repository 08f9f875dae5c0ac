import { sql } from 'kysely';
import type { TenantTx } from '../../platform/tenancy';
import { emitMessageUpdated } from './messages.events';
import { loadMessageViews } from './messages.presenter';
import type { OutgoingEnv } from './outbox.port';

/**
 * Our messages that will never leave (their queued sends were dropped, e.g. their campaign was deleted while
 * cancelled) are kept as deleted, as a queued message an agent deletes is (server-behaviour 6.2); a message
 * already sent is left alone. Update events go to the tickets' rooms after commit.
 */
export async function withdrawUnsentMessages(tx: TenantTx, env: OutgoingEnv, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const withdrawn = await tx
    .updateTable('messages')
    .set({ isDeleted: true, updatedAt: sql<Date>`now()` })
    .where(sql<boolean>`id = any(${ids}::int[])`)
    .where('wid', 'is', null)
    .where('fromMe', '=', true)
    .returning('id')
    .execute();
  const views = await loadMessageViews(
    tx,
    env.storage,
    withdrawn.map((m) => m.id),
  );
  const companyId = tx.companyId;
  tx.afterCommit(() => views.forEach((view) => emitMessageUpdated(env.ctx.realtime, companyId, view)));
}
