import type { TenantTx } from '../../platform/tenancy';
import { idempotencyKeyOf, messageIdOf, type OutboxTask } from './outbox-tasks';

/**
 * Queues a task for the connection's owner in the caller's transaction: the row commits with the message (or not
 * at all). Answers whether it was new (an identical task already queued is not added again).
 */
export async function enqueueOutbox(tx: TenantTx, whatsappId: number, task: OutboxTask): Promise<boolean> {
  const row = await tx
    .insertInto('outbox')
    .values({
      companyId: tx.companyId,
      whatsappId,
      messageId: messageIdOf(task),
      kind: task.kind,
      payload: JSON.stringify(task),
      idempotencyKey: idempotencyKeyOf(task),
    })
    .onConflict((oc) => oc.columns(['companyId', 'idempotencyKey']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
