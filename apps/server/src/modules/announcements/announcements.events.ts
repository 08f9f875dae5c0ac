import { ANNOUNCEMENT_EVENT, type AnnouncementEvent, type AnnouncementView } from '@zapdesk/contracts';
import type { AppContext } from '../../platform/context';
import type { SystemTx } from '../../platform/tenancy';

// `company-announcement` is the one global event: it reaches every socket of every company (server-behaviour 1.3).

export function announcementSaved(
  ctx: AppContext,
  tx: SystemTx,
  action: 'create' | 'update',
  record: AnnouncementView,
): void {
  const payload: AnnouncementEvent = { action, record };
  tx.afterCommit(() => ctx.realtime.emitRaw('all', ANNOUNCEMENT_EVENT, payload));
}

export function announcementDeleted(ctx: AppContext, tx: SystemTx, id: number): void {
  const payload: AnnouncementEvent = { action: 'delete', id };
  tx.afterCommit(() => ctx.realtime.emitRaw('all', ANNOUNCEMENT_EVENT, payload));
}
