import { sql } from 'kysely';
import type { TenantTx } from '../../platform/tenancy';

/**
 * One shipping row per list item valid on WhatsApp. The unique key (campaign, item) makes a second run (a restart,
 * a start claimed again after a crash) add only what is missing, never a second row for an item.
 */
export async function createShippingRows(
  tx: TenantTx,
  campaign: { id: number; contactListId: number | null },
): Promise<number> {
  if (campaign.contactListId === null) return 0;
  const listId = campaign.contactListId;
  const result = await tx
    .insertInto('campaignShipping')
    .columns(['companyId', 'campaignId', 'contactListItemId', 'number'])
    .expression((eb) =>
      eb
        .selectFrom('contactListItems')
        .where('contactListId', '=', listId)
        .where('isWhatsappValid', '=', true)
        .select(['companyId', sql<number>`${campaign.id}::int`.as('campaignId'), 'id', 'number'])
        .orderBy('id'),
    )
    .onConflict((oc) => oc.constraint('campaign_shipping_campaign_item_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n);
}

/**
 * The messages of the campaign's rows queued but neither delivered nor failed: what a cancel withholds and a
 * restart sends. (Rows queued before message_ids existed name only their last message.)
 */
export async function unsettledMessageIds(tx: TenantTx, campaignId: number): Promise<number[]> {
  const rows = await tx
    .selectFrom('campaignShipping')
    .where('campaignId', '=', campaignId)
    .where('queuedAt', 'is not', null)
    .where('deliveredAt', 'is', null)
    .where('failedAt', 'is', null)
    .where('messageId', 'is not', null)
    .select(
      sql<number>`unnest(case when cardinality(message_ids) > 0 then message_ids else array[message_id] end)`.as(
        'id',
      ),
    )
    .execute();
  return rows.map((r) => r.id);
}
