import { sql } from 'kysely';
import type { AppContext } from '../../../platform/context';
import { campaignSaved } from '../campaigns.events';
import { loadCampaignView } from '../campaigns.presenter';

/**
 * Rows whose messages were queued are settled from their last message: accepted by WhatsApp (sent, ack ≥ 1)
 * sets deliveredAt, a send that failed for good sets failedAt and error. When every row is delivered or failed
 * the campaign is FINALIZADA with completedAt. Answers whether anything changed and whether it finished.
 */
export async function settleCampaign(
  ctx: AppContext,
  companyId: number,
  campaignId: number,
  options: { emit: boolean },
): Promise<{ changed: boolean; finished: boolean }> {
  return ctx.scopes.tenant(companyId).run(async (tx) => {
    const delivered = await tx
      .updateTable('campaignShipping')
      .from('messages')
      .set({ deliveredAt: sql<Date>`now()`, updatedAt: sql<Date>`now()` })
      .whereRef('messages.id', '=', 'campaignShipping.messageId')
      .where('campaignShipping.campaignId', '=', campaignId)
      .where('campaignShipping.queuedAt', 'is not', null)
      .where('campaignShipping.deliveredAt', 'is', null)
      .where('campaignShipping.failedAt', 'is', null)
      .where((eb) => eb.or([eb('messages.ack', '>=', 1), eb('messages.wid', 'is not', null)]))
      // A confirmation request is not the message: the row is delivered once the main message is.
      .where((eb) =>
        eb.or([
          eb('campaignShipping.confirmationRequestedAt', 'is', null),
          eb('campaignShipping.confirmedAt', 'is not', null),
        ]),
      )
      .executeTakeFirst();
    const failed = await tx
      .updateTable('campaignShipping')
      .from('messages')
      .set({
        failedAt: sql<Date>`now()`,
        error: sql<string>`messages.send_error`,
        updatedAt: sql<Date>`now()`,
      })
      .whereRef('messages.id', '=', 'campaignShipping.messageId')
      .where('campaignShipping.campaignId', '=', campaignId)
      .where('campaignShipping.queuedAt', 'is not', null)
      .where('campaignShipping.deliveredAt', 'is', null)
      .where('campaignShipping.failedAt', 'is', null)
      .where('messages.sendError', 'is not', null)
      .executeTakeFirst();
    const changed = Number(delivered.numUpdatedRows) + Number(failed.numUpdatedRows) > 0;
    // Open: neither delivered nor failed, except an unanswered row whose request was delivered (10.5).
    const open = await tx
      .selectFrom('campaignShipping')
      .leftJoin('messages', 'messages.id', 'campaignShipping.messageId')
      .where('campaignShipping.campaignId', '=', campaignId)
      .where('campaignShipping.deliveredAt', 'is', null)
      .where('campaignShipping.failedAt', 'is', null)
      .where((eb) =>
        eb.not(
          eb.and([
            eb('campaignShipping.confirmationRequestedAt', 'is not', null),
            eb('campaignShipping.confirmedAt', 'is', null),
            eb('campaignShipping.queuedAt', 'is not', null),
            eb.or([eb('messages.ack', '>=', 1), eb('messages.wid', 'is not', null)]),
          ]),
        ),
      )
      .select('campaignShipping.id')
      .limit(1)
      .executeTakeFirst();
    let finished = false;
    if (!open) {
      const done = await tx
        .updateTable('campaigns')
        .set({ status: 'FINALIZADA', completedAt: sql<Date>`now()`, updatedAt: new Date() })
        .where('id', '=', campaignId)
        .where('status', '=', 'EM_ANDAMENTO')
        .returning('id')
        .executeTakeFirst();
      finished = done !== undefined;
    }
    if (finished || (changed && options.emit)) {
      campaignSaved(ctx.realtime, tx, 'update', await loadCampaignView(tx, campaignId));
    }
    return { changed, finished };
  });
}
