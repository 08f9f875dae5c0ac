import type { PaymentEvent } from '@zapdesk/contracts';
import type { AppContext } from '../../platform/context';
import type { SystemTx } from '../../platform/tenancy';

/**
 * After commit: `company-{cid}-payment` `{action: "CONCLUIDA", company}` to the company, and the cached actors
 * dropped so the company gate sees the new due date at once (server-behaviour 17.3).
 */
export function invoicePaid(ctx: AppContext, tx: SystemTx, event: PaymentEvent): void {
  tx.afterCommit(() => {
    ctx.actors.invalidate();
    ctx.realtime.emitToCompany(event.company.id, 'payment', event);
  });
}
