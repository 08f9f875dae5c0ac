import { sql, type Selectable } from 'kysely';
import type { CampaignVariable } from '@zapdesk/contracts';
import type { CampaignsTable } from '../../../platform/db/schema';
import type { TenantTx } from '../../../platform/tenancy';
import { lockChats, upsertContactsByNumber } from '../../contacts';
import { findOrCreateTicketsQuietly } from '../../tickets';
import type { CampaignOutbox, CampaignSend } from './campaign-outbox';
import { fileListParts, partsFor } from './campaign-parts';
import { pickVariant, renderCampaignText } from './campaign-text';

/** `next`: rows never sent (or whose request is due); `confirmed`: main messages due after a reply (10.5). */
export type ClaimKind = 'next' | 'confirmed';

export type ShippingClaim = Awaited<ReturnType<typeof claimShippingRows>>[number];

/**
 * Up to `limit` shipping rows not yet queued, oldest first, locked (skip locked: a row another transaction holds is
 * never taken twice). A confirmed row waits for its `sendAfter`.
 */
export function claimShippingRows(tx: TenantTx, campaignId: number, kind: ClaimKind, limit: number) {
  return tx
    .selectFrom('campaignShipping')
    .leftJoin('contactListItems', 'contactListItems.id', 'campaignShipping.contactListItemId')
    .where('campaignShipping.campaignId', '=', campaignId)
    .where('campaignShipping.queuedAt', 'is', null)
    .where('campaignShipping.deliveredAt', 'is', null)
    .where('campaignShipping.failedAt', 'is', null)
    .$if(kind === 'next', (q) => q.where('campaignShipping.confirmedAt', 'is', null))
    .$if(kind === 'confirmed', (q) =>
      q
        .where('campaignShipping.confirmedAt', 'is not', null)
        .where((eb) =>
          eb.or([
            eb('campaignShipping.sendAfter', 'is', null),
            eb('campaignShipping.sendAfter', '<=', sql<Date>`clock_timestamp()`),
          ]),
        ),
    )
    .select([
      'campaignShipping.id',
      'campaignShipping.number',
      'campaignShipping.confirmationRequestedAt',
      'contactListItems.name as itemName',
      'contactListItems.email as itemEmail',
    ])
    .orderBy('campaignShipping.id')
    .limit(limit)
    .forUpdate('campaignShipping')
    .skipLocked()
    .execute();
}

type Campaign = Selectable<CampaignsTable>;

/** The text a row gets: with confirmation, the first send asks (10.5); the main message follows the reply. */
function render(campaign: Campaign, row: ShippingClaim, variables: CampaignVariable[], random: () => number) {
  const asking = campaign.confirmation && row.confirmationRequestedAt === null;
  const variant = pickVariant(
    asking
      ? [
          campaign.confirmationMessage1,
          campaign.confirmationMessage2,
          campaign.confirmationMessage3,
          campaign.confirmationMessage4,
          campaign.confirmationMessage5,
        ]
      : [campaign.message1, campaign.message2, campaign.message3, campaign.message4, campaign.message5],
    random,
  );
  const person = { name: row.itemName || row.number, email: row.itemEmail ?? '', number: row.number };
  return { asking, text: renderCampaignText(variant ?? '', person, variables) };
}

/**
 * Stores and queues the claimed rows' messages in the contacts' tickets and marks the rows queued, all in the
 * caller's transaction: a crash before the commit sends nothing, and a row queued is never sent again. A fixed
 * number of statements per batch: the chats' locks (before any contact or ticket row, as inbound processing takes
 * them), contacts and tickets found or created together, one insert of messages and of outbox rows, one update
 * of the rows.
 */
export async function sendShippingBatch(
  tx: TenantTx,
  deps: { outbox: CampaignOutbox; random: () => number },
  campaign: Campaign,
  whatsappId: number,
  rows: ShippingClaim[],
  variables: CampaignVariable[],
): Promise<void> {
  if (rows.length === 0) return;
  const rendered = rows.map((row) => render(campaign, row, variables, deps.random));
  const files = rendered.every((r) => r.asking) ? [] : await fileListParts(tx, campaign.fileListId);
  await lockChats(
    tx,
    rows.map((row) => ({ whatsappId, chatKey: row.number })),
  );
  const contacts = await upsertContactsByNumber(
    tx,
    whatsappId,
    rows.map((row) => row.number),
  );
  const tickets = await findOrCreateTicketsQuietly(tx, whatsappId, [...contacts.values()]);
  const sends: CampaignSend[] = rows.map((row, i) => {
    const contact = contacts.get(row.number);
    const ticket = contact && tickets.get(contact.id);
    const { asking, text } = rendered[i] ?? { asking: false, text: '' };
    if (!contact || !ticket) throw new Error(`no contact or ticket for ${row.number}`);
    // Stored in the contact's ticket without changing its status: a new one is created closed (no inbox flood).
    return { ticket, contact, parts: asking ? [{ body: text }] : partsFor(files, campaign, text) };
  });
  const ids = await deps.outbox.store(tx, whatsappId, sends);
  // unnest flattens nested arrays: each row's message ids travel as one array literal.
  const idLists = ids.map((list) => `{${list.join(',')}}`);
  await tx
    .updateTable('campaignShipping')
    .from(
      sql<{ id: number }>`(select unnest(${rows.map((r) => r.id)}::int[]) as id,
        unnest(${idLists}::text[])::int[] as message_ids,
        unnest(${rendered.map((r) => r.asking)}::bool[]) as asking,
        unnest(${rendered.map((r) => r.text)}::text[]) as text)`.as('sent'),
    )
    .set({
      // When the batch was done (its commit follows): what "dispatched" is measured by.
      queuedAt: sql<Date>`statement_timestamp()`,
      messageIds: sql<number[]>`sent.message_ids`,
      messageId: sql<number>`sent.message_ids[cardinality(sent.message_ids)]`,
      message: sql<string>`case when sent.asking then campaign_shipping.message else sent.text end`,
      confirmationMessage: sql<string>`case when sent.asking then sent.text
        else campaign_shipping.confirmation_message end`,
      confirmationRequestedAt: sql<Date | null>`case when sent.asking then now()
        else campaign_shipping.confirmation_requested_at end`,
      updatedAt: sql<Date>`now()`,
    })
    .where(sql<boolean>`campaign_shipping.id = sent.id`)
    .execute();
}
