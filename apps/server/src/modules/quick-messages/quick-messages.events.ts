import { rooms, type QuickMessageView } from '@zapdesk/contracts';
import type { AppContext } from '../../platform/context';
import type { TenantTx } from '../../platform/tenancy';

/**
 * After commit: `company-{cid}-quickmessage` `{action, record}`. A general message goes to the whole company;
 * a personal one only to its owner's sockets, so nobody else receives its text. One that stops being general
 * leaves the others' lists through a delete.
 */
export function quickMessageSaved(
  ctx: AppContext,
  tx: TenantTx,
  action: 'create' | 'update',
  record: QuickMessageView,
  wasGeneral = false,
): void {
  const companyId = tx.companyId;
  tx.afterCommit(() => {
    if (record.geral) {
      ctx.realtime.emitToCompany(companyId, 'quickmessage', { action, record });
      return;
    }
    if (wasGeneral)
      ctx.realtime.emitToCompany(companyId, 'quickmessage', { action: 'delete', id: record.id });
    if (record.userId !== null) {
      ctx.realtime.emitToRooms(companyId, [rooms.user(record.userId)], 'quickmessage', { action, record });
    }
  });
}

/** After commit: `{action:"delete", id}` to the company (an id reveals no text). */
export function quickMessageDeleted(ctx: AppContext, tx: TenantTx, id: number): void {
  tx.afterCommit(() => ctx.realtime.emitToCompany(tx.companyId, 'quickmessage', { action: 'delete', id }));
}
