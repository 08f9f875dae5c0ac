import type { WhatsappEvent, WhatsappView } from '@zapdesk/contracts';
import type { AppContext } from '../../platform/context';
import type { TenantTx } from '../../platform/tenancy';

/** After commit: `company-{cid}-whatsapp` update for each changed connection (without token: everyone gets it). */
export function whatsappsSaved(ctx: AppContext, tx: TenantTx, whatsapps: WhatsappView[]): void {
  const companyId = tx.companyId;
  tx.afterCommit(() => {
    for (const whatsapp of whatsapps) {
      const { token: _token, ...visible } = whatsapp;
      const event: WhatsappEvent = { action: 'update', whatsapp: visible };
      ctx.realtime.emitToCompany(companyId, 'whatsapp', event);
    }
  });
}

export function whatsappDeleted(ctx: AppContext, tx: TenantTx, whatsappId: number): void {
  const companyId = tx.companyId;
  tx.afterCommit(() => {
    const event: WhatsappEvent = { action: 'delete', whatsappId };
    ctx.realtime.emitToCompany(companyId, 'whatsapp', event);
  });
}
