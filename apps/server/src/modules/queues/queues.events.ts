import type { QueueView } from '@zapdesk/contracts';
import type { AppContext } from '../../platform/context';
import type { TenantTx } from '../../platform/tenancy';

/** After commit: `company-{cid}-queue` `{action, queue}` to the company. */
export function queueSaved(
  ctx: AppContext,
  tx: TenantTx,
  action: 'create' | 'update',
  queue: QueueView,
): void {
  tx.afterCommit(() => ctx.realtime.emitToCompany(tx.companyId, 'queue', { action, queue }));
}

/** After commit: the company hears of the deletion, and cached actors drop the queue from their queue ids. */
export function queueDeleted(ctx: AppContext, tx: TenantTx, queueId: number): void {
  tx.afterCommit(() => {
    ctx.actors.invalidate();
    ctx.realtime.emitToCompany(tx.companyId, 'queue', { action: 'delete', queueId });
  });
}
