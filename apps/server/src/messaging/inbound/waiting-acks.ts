import { sql } from 'kysely';
import { anyOf } from '../../platform/db/any-of';
import { StatementTemplate } from '../../platform/db/statement-template';
import type { TenantTx } from '../../platform/tenancy';

/** Attempts before an event is given up (marked failed; an ack for a message we never stored is dropped). */
export const MAX_ATTEMPTS = 5;

/** Counts an attempt of acks whose message is not stored yet; after MAX_ATTEMPTS one is dropped (processed). */
export const recordWaitingAcks = new StatementTemplate((tx, args: { ids: number[]; processedAt: Date }) =>
  tx
    .updateTable('inboundEvents')
    .set((eb) => ({
      attempts: eb('attempts', '+', sql.lit(1)),
      lastError: sql.lit('message is not stored yet'),
      status: sql`case when attempts + 1 >= ${sql.lit(MAX_ATTEMPTS)} then 'processed' else status end`,
      processedAt: sql`case when attempts + 1 >= ${sql.lit(MAX_ATTEMPTS)} then ${args.processedAt}::timestamptz else processed_at end`,
    }))
    .where('id', '=', anyOf(args.ids)),
);

/**
 * Acks that came before their message, left unprocessed with their attempt counted, in one statement: tried again
 * when the send stores the wid (its worker kicks the ack queue) or by the sweep.
 */
export async function recordAcksWaiting(
  tx: TenantTx,
  log: { debug(details: object, message: string): void },
  waiting: ReadonlyArray<{ id: number; whatsappId: number; wid: string; attempts: number }>,
  at: Date,
): Promise<void> {
  await recordWaitingAcks.run(tx, { ids: waiting.map((ack) => ack.id), processedAt: at });
  for (const ack of waiting) {
    const details = { companyId: tx.companyId, whatsappId: ack.whatsappId, eventId: ack.id, wid: ack.wid };
    log.debug({ ...details, attempts: ack.attempts + 1 }, 'inbound event waits for its message');
  }
}
