import type { QueueIntegrationView } from '@zapdesk/contracts';
import type { AppContext } from '../../platform/context';
import type { TenantTx } from '../../platform/tenancy';

/** After commit: `company-{cid}-queueIntegration` `{action, queueIntegration}` to the company (spec 2 section 7). */
export function integrationSaved(
  ctx: AppContext,
  tx: TenantTx,
  action: 'create' | 'update',
  queueIntegration: QueueIntegrationView,
): void {
  tx.afterCommit(() =>
    ctx.realtime.emitToCompany(tx.companyId, 'queueIntegration', { action, queueIntegration }),
  );
}

export function integrationDeleted(ctx: AppContext, tx: TenantTx, integrationId: number): void {
  tx.afterCommit(() =>
    ctx.realtime.emitToCompany(tx.companyId, 'queueIntegration', { action: 'delete', integrationId }),
  );
}
