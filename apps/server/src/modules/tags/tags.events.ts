import type { TagView } from '@zapdesk/contracts';
import type { AppContext } from '../../platform/context';
import type { TenantTx } from '../../platform/tenancy';

/** After commit: `company-{cid}-tag` `{action, tag}` to the company. */
export function tagSaved(ctx: AppContext, tx: TenantTx, action: 'create' | 'update', tag: TagView): void {
  tx.afterCommit(() => ctx.realtime.emitToCompany(tx.companyId, 'tag', { action, tag }));
}

export function tagDeleted(ctx: AppContext, tx: TenantTx, tagId: number): void {
  tx.afterCommit(() => ctx.realtime.emitToCompany(tx.companyId, 'tag', { action: 'delete', tagId }));
}
