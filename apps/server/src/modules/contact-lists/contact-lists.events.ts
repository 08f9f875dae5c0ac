import type { ContactListEvent, ContactListItemEvent, ContactListItemView } from '@zapdesk/contracts';
import type { Realtime } from '../../platform/realtime/realtime';
import type { TenantTx } from '../../platform/tenancy';

/** After commit: `company-{cid}-ContactList`. */
export function contactListChanged(realtime: Realtime, tx: TenantTx, event: ContactListEvent): void {
  tx.afterCommit(() => realtime.emitToCompany(tx.companyId, 'ContactList', event));
}

/**
 * After commit: `company-{cid}-ContactListItem`, and for a reload (an import) the per-list variant
 * `company-{cid}-ContactListItem-{listId}` the items page listens to.
 */
export function contactListItemChanged(
  realtime: Realtime,
  tx: TenantTx,
  event: ContactListItemEvent,
  contactListId: number,
): void {
  tx.afterCommit(() => {
    const name = event.action === 'reload' ? `ContactListItem-${contactListId}` : 'ContactListItem';
    realtime.emitToCompany(tx.companyId, name, event);
  });
}

/** Outside a transaction (the check job emits row by row after each commit). */
export function emitItemChecked(
  realtime: Realtime,
  companyId: number,
  event: { action: 'update'; record: ContactListItemView },
): void {
  realtime.emitToCompany(companyId, 'ContactListItem', event);
}
