import { sql } from 'kysely';
import type { AppContext } from '../../../platform/context';
import { campaignSaved } from '../campaigns.events';
import { loadCampaignView } from '../campaigns.presenter';
import { createShippingRows } from '../shipping.repository';
import { companyMayDispatch } from './campaign-gate';

/** Due campaigns claimed per sweep; the next sweep takes the rest. */
const CLAIM_BATCH = 50;

/**
 * The start sweep (server-behaviour 10.3): PROGRAMADA campaigns whose scheduledAt has passed (missed ones
 * included) become EM_ANDAMENTO by a conditional update, so two nodes never both start one, and get their
 * shipping rows in the same transaction. Companies that may not run campaigns keep theirs waiting.
 */
export async function startDueCampaigns(ctx: AppContext): Promise<Array<{ companyId: number; id: number }>> {
  const due = await ctx.scopes.asSystem((tx) =>
    tx.db
      .selectFrom('campaigns')
      .where('status', '=', 'PROGRAMADA')
      .where('scheduledAt', '<=', sql<Date>`now()`)
      .select(['id', 'companyId'])
      .orderBy('scheduledAt')
      .limit(CLAIM_BATCH)
      .execute(),
  );
  const started: Array<{ companyId: number; id: number }> = [];
  for (const { id, companyId } of due) {
    const claimed = await ctx.scopes.tenant(companyId).run(async (tx) => {
      if (!(await companyMayDispatch(tx, ctx.config.timeZone))) return false;
      const row = await tx
        .updateTable('campaigns')
        .set({ status: 'EM_ANDAMENTO', nextSendAt: null, updatedAt: new Date() })
        .where('id', '=', id)
        .where('status', '=', 'PROGRAMADA')
        .where('scheduledAt', '<=', sql<Date>`now()`)
        .returning(['id', 'contactListId'])
        .executeTakeFirst();
      if (!row) return false;
      await createShippingRows(tx, row);
      campaignSaved(ctx.realtime, tx, 'update', await loadCampaignView(tx, id));
      return true;
    });
    if (claimed) started.push({ companyId, id });
  }
  return started;
}

/** EM_ANDAMENTO campaigns no live dispatcher holds (none yet, or its node died): they need one. */
export function orphanedCampaigns(ctx: AppContext): Promise<Array<{ companyId: number; id: number }>> {
  return ctx.scopes.asSystem((tx) =>
    tx.db
      .selectFrom('campaigns')
      .where('status', '=', 'EM_ANDAMENTO')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('leases')
              .where('leases.resource', '=', sql<string>`'campaign:' || campaigns.id`)
              .where('leases.expiresAt', '>', sql<Date>`now()`)
              .select('leases.resource'),
          ),
        ),
      )
      .select(['id', 'companyId'])
      .orderBy('id')
      .execute(),
  );
}
