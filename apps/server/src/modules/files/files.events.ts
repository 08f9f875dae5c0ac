import type { FileListEvent } from '@zapdesk/contracts';
import type { Realtime } from '../../platform/realtime/realtime';
import type { TenantTx } from '../../platform/tenancy';

/** After commit: `company-{cid}-file` (create/update upsert the item, delete removes it). */
export function fileListChanged(realtime: Realtime, tx: TenantTx, event: FileListEvent): void {
  tx.afterCommit(() => realtime.emitToCompany(tx.companyId, 'file', event));
}
