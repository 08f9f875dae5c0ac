import type { ContactView } from '@zapdesk/contracts';
import type { AppContext } from '../../platform/context';
import type { TenantTx } from '../../platform/tenancy';

/** After commit: `company-{cid}-contact` `{action, contact}` to the company (server-behaviour 4.3). */
export function contactSaved(
  ctx: AppContext,
  tx: TenantTx,
  action: 'create' | 'update',
  contact: ContactView,
): void {
  tx.afterCommit(() => ctx.realtime.emitToCompany(tx.companyId, 'contact', { action, contact }));
}

export function contactDeleted(ctx: AppContext, tx: TenantTx, contactId: number): void {
  tx.afterCommit(() => ctx.realtime.emitToCompany(tx.companyId, 'contact', { action: 'delete', contactId }));
}

/** After an import: the list is reloaded with the new records. */
export function contactsReloaded(ctx: AppContext, companyId: number, records: ContactView[]): void {
  ctx.realtime.emitToCompany(companyId, 'contact', { action: 'reload', records });
}
