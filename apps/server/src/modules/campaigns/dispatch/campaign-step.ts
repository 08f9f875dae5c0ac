import { sql } from 'kysely';
import type { AppContext } from '../../../platform/context';
import { mimeOfFileName } from '../../../platform/storage/mime-types';
import type { TenantTx } from '../../../platform/tenancy';
import { upsertContact } from '../../contacts';
import { findOrCreateTicketQuietly } from '../../tickets';
import { loadCampaignSettings } from '../campaign-settings';
import { companyMayDispatch } from './campaign-gate';
import type { CampaignOutbox, CampaignPart } from './campaign-outbox';
import { pacingDelayMs, pickVariant, renderCampaignText } from './campaign-text';

export interface StepEnv {
  ctx: AppContext;
  outbox: CampaignOutbox;
  random: () => number;
}

/** What the dispatcher does next: stop (no longer running), wait, or go on after the pacing delay. */
export type StepResult =
  | { kind: 'stop' }
  | { kind: 'wait'; ms: number; reason: 'paced' | 'paused' | 'settling' }
  | { kind: 'sent'; delayMs: number };

/** How often a paused campaign (connection down, company blocked) looks again. */
export const PAUSE_MS = 1000;

const fileNameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1).replace(/^[0-9a-f-]{36}-/, '');

/** Per contact: the file list's files (caption = file name), then the media with the text, or the text alone. */
async function partsFor(
  tx: TenantTx,
  campaign: { fileListId: number | null; mediaPath: string | null; mediaName: string | null },
  text: string,
): Promise<CampaignPart[]> {
  const parts: CampaignPart[] = [];
  if (campaign.fileListId !== null) {
    const options = await tx
      .selectFrom('fileOptions')
      .where('fileId', '=', campaign.fileListId)
      .where('path', '<>', '')
      .select(['name', 'path', 'mediaType'])
      .orderBy('id')
      .execute();
    for (const option of options) {
      const fileName = fileNameOf(option.path);
      const mimetype = option.mediaType.includes('/') ? option.mediaType : mimeOfFileName(fileName);
      parts.push({ body: option.name || fileName, media: { path: option.path, mimetype, fileName } });
    }
  }
  if (campaign.mediaPath) {
    const fileName = campaign.mediaName ?? fileNameOf(campaign.mediaPath);
    parts.push({
      body: text,
      media: { path: campaign.mediaPath, mimetype: mimeOfFileName(fileName), fileName },
    });
  } else {
    parts.push({ body: text });
  }
  return parts;
}

/**
 * One paced send of a campaign, in one transaction holding the campaign's row: when it is due, the next shipping
 * row not yet queued is taken (skip locked), its messages are stored in the contact's ticket and queued, and the
 * row is marked queued in the same commit, so a crash before the commit sends nothing and one after it never
 * sends again. The next send time is stored on the campaign, so pacing survives restarts and node changes.
 */
export function dispatchStep(env: StepEnv, companyId: number, campaignId: number): Promise<StepResult> {
  const { ctx } = env;
  return ctx.scopes.tenant(companyId).run(async (tx): Promise<StepResult> => {
    const campaign = await tx
      .selectFrom('campaigns')
      .where('id', '=', campaignId)
      .selectAll()
      .select(
        sql<number>`greatest(0, ceil(extract(epoch from (next_send_at - clock_timestamp())) * 1000))::int`.as(
          'dueInMs',
        ),
      )
      .forUpdate()
      .executeTakeFirst();
    if (!campaign || campaign.status !== 'EM_ANDAMENTO') return { kind: 'stop' };
    if (campaign.dueInMs > 0) return { kind: 'wait', ms: campaign.dueInMs, reason: 'paced' };
    if (!(await companyMayDispatch(tx, ctx.config.timeZone)))
      return { kind: 'wait', ms: PAUSE_MS, reason: 'paused' };
    const connection = await tx
      .selectFrom('whatsapps')
      .$if(campaign.whatsappId !== null, (q) => q.where('id', '=', campaign.whatsappId ?? 0))
      .select(['id', 'status'])
      .orderBy('isDefault', 'desc')
      .orderBy('id')
      .executeTakeFirst();
    // A disconnected connection pauses the campaign; it resumes where it was once connected again.
    if (!connection || connection.status !== 'CONNECTED')
      return { kind: 'wait', ms: PAUSE_MS, reason: 'paused' };

    const row = await tx
      .selectFrom('campaignShipping')
      .leftJoin('contactListItems', 'contactListItems.id', 'campaignShipping.contactListItemId')
      .where('campaignShipping.campaignId', '=', campaignId)
      .where('campaignShipping.queuedAt', 'is', null)
      .where('campaignShipping.deliveredAt', 'is', null)
      .where('campaignShipping.failedAt', 'is', null)
      .select([
        'campaignShipping.id',
        'campaignShipping.number',
        'campaignShipping.confirmationRequestedAt',
        'contactListItems.name as itemName',
        'contactListItems.email as itemEmail',
      ])
      .orderBy('campaignShipping.id')
      .limit(1)
      .forUpdate('campaignShipping')
      .skipLocked()
      .executeTakeFirst();
    if (!row) return { kind: 'wait', ms: 0, reason: 'settling' };

    const settings = await loadCampaignSettings(tx);
    // Server-behaviour 10.5: with confirmation, the first send asks; the main message follows the reply.
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
      env.random,
    );
    const person = { name: row.itemName || row.number, email: row.itemEmail ?? '', number: row.number };
    const text = renderCampaignText(variant ?? '', person, settings.variables);

    await env.outbox.lockChat(tx, connection.id, row.number);
    const { contact } = await upsertContact(tx, { number: row.number, whatsappId: connection.id });
    // Stored in the contact's ticket without changing its status: a new one is created closed (no inbox flood).
    const { ticket } = await findOrCreateTicketQuietly(tx, {
      contactId: contact.id,
      whatsappId: connection.id,
      isGroup: false,
    });
    const parts = asking ? [{ body: text }] : await partsFor(tx, campaign, text);
    const ids = await env.outbox.store(tx, { ticket, contact, parts });
    const now = new Date();
    await tx
      .updateTable('campaignShipping')
      .set({
        queuedAt: now,
        messageId: ids[ids.length - 1] ?? null,
        ...(asking ? { confirmationMessage: text, confirmationRequestedAt: now } : { message: text }),
        updatedAt: now,
      })
      .where('id', '=', row.id)
      .execute();
    const dispatched = campaign.dispatched + 1;
    const delayMs = pacingDelayMs(dispatched, settings, env.random);
    await tx
      .updateTable('campaigns')
      .set({
        dispatched,
        nextSendAt: sql<Date>`clock_timestamp() + ${`${delayMs} milliseconds`}::interval`,
        updatedAt: new Date(),
      })
      .where('id', '=', campaignId)
      .execute();
    return { kind: 'sent', delayMs };
  });
}
