import { sql } from 'kysely';
import type { AppContext } from '../../../platform/context';
import type { TenantTx } from '../../../platform/tenancy';
import { loadCampaignSettings } from '../campaign-settings';
import { claimShippingRows, sendShippingBatch } from './campaign-batch';
import { companyMayDispatch } from './campaign-gate';
import type { CampaignOutbox } from './campaign-outbox';
import { batchSize, MAX_BATCH, pacingDelayMs } from './campaign-text';

export interface StepEnv {
  ctx: AppContext;
  outbox: CampaignOutbox;
  random: () => number;
}

/** What the dispatcher does next: stop (no longer running), wait, or go on after the pacing delay. */
export type StepResult =
  | { kind: 'stop' }
  | { kind: 'wait'; ms: number; reason: 'paced' | 'paused' | 'settling' }
  | { kind: 'sent'; delayMs: number; rows: number };

/** How often a paused campaign (connection down, company blocked) looks again. */
export const PAUSE_MS = 1000;
/** How often a campaign with confirmation looks for replies whose main message is due, while paced. */
export const CONFIRMATION_POLL_MS = 1000;

/** The running campaign locked for this step (cancel and restart wait for it), with how long until it is due. */
function lockRunningCampaign(tx: TenantTx, campaignId: number) {
  return tx
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
}

/**
 * One paced step of a campaign, in one transaction holding the campaign's row: confirmed rows whose main message
 * is due go first (10.5: after a random 0–10 s, outside the pacing); then, when the pace allows, the next rows not
 * yet queued (a batch when the interval is 0, else one) are stored in the contacts' tickets and queued, and marked
 * queued in the same commit, so a crash before the commit sends nothing and one after it never sends again. The
 * next send time is stored on the campaign, so pacing survives restarts and node changes.
 */
export function dispatchStep(env: StepEnv, companyId: number, campaignId: number): Promise<StepResult> {
  const { ctx } = env;
  return ctx.scopes.tenant(companyId).run(async (tx): Promise<StepResult> => {
    const campaign = await lockRunningCampaign(tx, campaignId);
    if (!campaign || campaign.status !== 'EM_ANDAMENTO') return { kind: 'stop' };
    // Without confirmation nothing can become due before the pace does: wait without asking more.
    if (!campaign.confirmation && campaign.dueInMs > 0) {
      return { kind: 'wait', ms: campaign.dueInMs, reason: 'paced' };
    }
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
    const settings = await loadCampaignSettings(tx);
    const deps = { outbox: env.outbox, random: env.random };

    if (campaign.confirmation) {
      const confirmed = await claimShippingRows(tx, campaignId, 'confirmed', MAX_BATCH);
      if (confirmed.length > 0) {
        await sendShippingBatch(tx, deps, campaign, connection.id, confirmed, settings.variables);
        return { kind: 'sent', delayMs: 0, rows: confirmed.length };
      }
      if (campaign.dueInMs > 0) {
        return { kind: 'wait', ms: Math.min(campaign.dueInMs, CONFIRMATION_POLL_MS), reason: 'paced' };
      }
    }

    const rows = await claimShippingRows(tx, campaignId, 'next', batchSize(campaign.dispatched, settings));
    if (rows.length === 0) return { kind: 'wait', ms: 0, reason: 'settling' };
    await sendShippingBatch(tx, deps, campaign, connection.id, rows, settings.variables);
    const dispatched = campaign.dispatched + rows.length;
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
    // The pace is kept by nextSendAt; a campaign with confirmation looks for due replies meanwhile.
    const sleepMs = campaign.confirmation ? Math.min(delayMs, CONFIRMATION_POLL_MS) : delayMs;
    return { kind: 'sent', delayMs: sleepMs, rows: rows.length };
  });
}
