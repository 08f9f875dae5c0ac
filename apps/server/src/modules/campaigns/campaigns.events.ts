import type { CampaignView } from '@zapdesk/contracts';
import type { Realtime } from '../../platform/realtime/realtime';
import type { TenantTx } from '../../platform/tenancy';

/** After commit: `company-{cid}-campaign` `{action, record}` (server-behaviour 10.3). */
export function campaignSaved(
  realtime: Realtime,
  tx: TenantTx,
  action: 'create' | 'update',
  record: CampaignView,
): void {
  tx.afterCommit(() => realtime.emitToCompany(tx.companyId, 'campaign', { action, record }));
}

export function campaignDeleted(realtime: Realtime, tx: TenantTx, id: number): void {
  tx.afterCommit(() => realtime.emitToCompany(tx.companyId, 'campaign', { action: 'delete', id }));
}
