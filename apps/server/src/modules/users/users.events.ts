import type { UserView } from '@zapdesk/contracts';
import type { AppContext } from '../../platform/context';
import type { TenantTx } from '../../platform/tenancy';

/** After commit: drop the cached actor and tell the company (`company-{cid}-user`). */
export function userSaved(ctx: AppContext, tx: TenantTx, action: 'create' | 'update', user: UserView): void {
  tx.afterCommit(() => {
    ctx.actors.invalidate(user.id);
    ctx.realtime.emitToCompany(tx.companyId, 'user', { action, user });
  });
}

export function userDeleted(ctx: AppContext, tx: TenantTx, userId: number): void {
  tx.afterCommit(() => {
    ctx.actors.invalidate(userId);
    ctx.realtime.emitToCompany(tx.companyId, 'user', { action: 'delete', userId });
  });
}
