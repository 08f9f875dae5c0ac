import type { ScheduleView } from '@zapdesk/contracts';
import type { AppContext } from '../../platform/context';
import type { TenantTx } from '../../platform/tenancy';

/** After commit: `company-{cid}-schedule` `{action, schedule}` to the company. */
export function scheduleSaved(
  ctx: AppContext,
  tx: TenantTx,
  action: 'create' | 'update',
  schedule: ScheduleView,
): void {
  tx.afterCommit(() => ctx.realtime.emitToCompany(tx.companyId, 'schedule', { action, schedule }));
}

export function scheduleDeleted(ctx: AppContext, tx: TenantTx, scheduleId: number): void {
  tx.afterCommit(() =>
    ctx.realtime.emitToCompany(tx.companyId, 'schedule', { action: 'delete', scheduleId }),
  );
}
