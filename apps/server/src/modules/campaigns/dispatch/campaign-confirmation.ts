import { sql } from 'kysely';
import type { TenantTx } from '../../../platform/tenancy';

/** The longest wait between a confirmation and the main message (server-behaviour 10.5: a random 0–10 s). */
export const CONFIRMATION_DELAY_MAX_MS = 10_000;

/**
 * Server-behaviour 10.5: a customer's message on a connection, while a running campaign awaits that number's
 * confirmation, confirms it: `confirmedAt` is set and the row is handed back to the dispatcher, which sends the
 * main message once `sendAfter` (a random 0–10 s later) has passed, outside the campaign's pacing. Runs inside
 * the inbound message's transaction; answers whether a row was confirmed.
 */
export async function confirmCampaignReply(
  tx: TenantTx,
  reply: { whatsappId: number; number: string },
  random: () => number = Math.random,
): Promise<boolean> {
  const delayMs = Math.round(random() * CONFIRMATION_DELAY_MAX_MS);
  const confirmed = await tx
    .updateTable('campaignShipping')
    .set({
      confirmedAt: sql<Date>`now()`,
      sendAfter: sql<Date>`now() + ${`${delayMs} milliseconds`}::interval`,
      queuedAt: null,
      messageId: null,
      messageIds: [],
      updatedAt: sql<Date>`now()`,
    })
    .where('campaignShipping.number', '=', reply.number)
    .where('campaignShipping.confirmationRequestedAt', 'is not', null)
    .where('campaignShipping.confirmedAt', 'is', null)
    .where('campaignShipping.failedAt', 'is', null)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('campaigns')
          .whereRef('campaigns.id', '=', 'campaignShipping.campaignId')
          .where('campaigns.status', '=', 'EM_ANDAMENTO')
          .where((eb) =>
            eb.or([
              eb('campaigns.whatsappId', '=', reply.whatsappId),
              eb.and([
                eb('campaigns.whatsappId', 'is', null),
                eb.exists(
                  eb
                    .selectFrom('whatsapps')
                    .where('whatsapps.id', '=', reply.whatsappId)
                    .where('whatsapps.isDefault', '=', true)
                    .select('whatsapps.id'),
                ),
              ]),
            ]),
          )
          .select('campaigns.id'),
      ),
    )
    .executeTakeFirst();
  return Number(confirmed.numUpdatedRows) > 0;
}
