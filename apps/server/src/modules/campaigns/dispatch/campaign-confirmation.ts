import { sql } from 'kysely';
import type { TenantTx } from '../../../platform/tenancy';

/**
 * Server-behaviour 10.5: a customer's message on a connection, while a running campaign awaits that number's
 * confirmation, confirms it: `confirmedAt` is set and the row is handed back to the dispatcher, which sends the
 * main message at its next paced turn. Runs inside the inbound message's transaction; answers whether a row was
 * confirmed.
 */
export async function confirmCampaignReply(
  tx: TenantTx,
  reply: { whatsappId: number; number: string },
): Promise<boolean> {
  const confirmed = await tx
    .updateTable('campaignShipping')
    .set({ confirmedAt: sql<Date>`now()`, queuedAt: null, messageId: null, updatedAt: sql<Date>`now()` })
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
