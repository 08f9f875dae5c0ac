import { z } from 'zod';
import type { AppContext } from '../../../platform/context';
import { defineJob, tenantPayload } from '../../../platform/jobs/define-job';
import { emitItemChecked } from '../contact-lists.events';
import { presentContactListItem } from '../contact-lists.presenter';
import { settleCheck, uncheckedItems } from '../contact-list-items.repository';
import type { NumberLookup } from '../number-lookup';

export const ITEMS_CHECK_JOB = 'contact-list-items-check';

/** Items checked per batch, and checks per second at most: a list must not hammer WhatsApp. */
export const itemsCheckPacing = { batch: 50, perSecond: 20 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Server-behaviour 11: checks a list's unchecked items on WhatsApp through the company's connected connection
 * (default first), in batches, rate-limited; each result sets `isWhatsappValid` (and the normalised number) and
 * emits a `-ContactListItem` update. Without a connected connection, or when the session does not answer, the
 * rest stays unchecked (grey) until the next import or edit queues the check again.
 */
export function itemsCheckJob(ctx: AppContext, lookup: NumberLookup) {
  return defineJob({
    name: ITEMS_CHECK_JOB,
    payload: tenantPayload({ contactListId: z.number().int().positive() }),
    retryLimit: 1,
    expireInSeconds: 60 * 60,
    handler: async ({ companyId, contactListId }) => {
      const scope = ctx.scopes.tenant(companyId);
      const connection = await scope.run((tx) =>
        tx
          .selectFrom('whatsapps')
          .where('status', '=', 'CONNECTED')
          .select('id')
          .orderBy('isDefault', 'desc')
          .orderBy('id')
          .executeTakeFirst(),
      );
      if (!connection) return;
      const gap = 1000 / itemsCheckPacing.perSecond;
      for (;;) {
        const batch = await scope.run((tx) => uncheckedItems(tx, contactListId, itemsCheckPacing.batch));
        if (batch.length === 0) return;
        for (const item of batch) {
          const started = Date.now();
          let result;
          try {
            result = await lookup(companyId, connection.id, item.number);
          } catch (error) {
            ctx.log.warn({ err: error, companyId, contactListId }, 'list item check stopped');
            return;
          }
          const number = (result.number ?? item.number).replace(/\D/g, '') || item.number;
          const row = await scope.run((tx) => settleCheck(tx, item, { valid: result.exists, number }));
          if (row)
            emitItemChecked(ctx.realtime, companyId, {
              action: 'update',
              record: presentContactListItem(row),
            });
          const rest = gap - (Date.now() - started);
          if (rest > 0) await sleep(rest);
        }
      }
    },
  });
}

/** Queues the check of a list's unchecked items (one queued run per list is enough). */
export async function queueItemsCheck(
  ctx: AppContext,
  companyId: number,
  contactListId: number,
): Promise<void> {
  await ctx.jobs.send(
    ITEMS_CHECK_JOB,
    { companyId, contactListId },
    { singletonKey: `${companyId}:${contactListId}`, singletonSeconds: 1 },
  );
}
