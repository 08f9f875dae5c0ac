import type { PromptView } from '@zapdesk/contracts';
import type { AppContext } from '../../platform/context';
import type { TenantTx } from '../../platform/tenancy';

/** After commit: `company-{cid}-prompt` `{action, prompt}` to the company (spec 2 section 7). */
export function promptSaved(
  ctx: AppContext,
  tx: TenantTx,
  action: 'create' | 'update',
  prompt: PromptView,
): void {
  tx.afterCommit(() => ctx.realtime.emitToCompany(tx.companyId, 'prompt', { action, prompt }));
}

export function promptDeleted(ctx: AppContext, tx: TenantTx, promptId: number): void {
  tx.afterCommit(() => ctx.realtime.emitToCompany(tx.companyId, 'prompt', { action: 'delete', promptId }));
}
