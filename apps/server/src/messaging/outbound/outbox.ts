import { sql } from 'kysely';
import type { Scopes, TenantTx } from '../../platform/tenancy';
import type { OutboxRow } from './outbox-execute';
import { idempotencyKeyOf, messageIdOf, type OutboxKind, type OutboxTask } from './outbox-tasks';

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

/**
 * Many tasks of one connection in one statement, in order (a campaign batch). `bulk` sends run after the
 * connection's other pending sends. Answers how many were new.
 */
export async function enqueueOutboxMany(
  tx: TenantTx,
  whatsappId: number,
  tasks: OutboxTask[],
  options: { bulk: boolean },
): Promise<number> {
  if (tasks.length === 0) return 0;
  const rows = await tx
    .insertInto('outbox')
    .values(
      tasks.map((task) => ({
        companyId: tx.companyId,
        whatsappId,
        messageId: messageIdOf(task),
        kind: task.kind,
        payload: JSON.stringify(task),
        idempotencyKey: idempotencyKeyOf(task),
        bulk: options.bulk,
      })),
    )
    .onConflict((oc) => oc.columns(['companyId', 'idempotencyKey']).doNothing())
    .returning('id')
    .execute();
  return rows.length;
}

/**
 * Withholds the messages' sends still waiting (a campaign cancelled): they become `held` and the worker leaves
 * them. A send the worker is running holds its row: this waits for it, and then leaves it as it ended (sent, or
 * pending again after a failure, which is then held). Answers how many were held.
 */
export async function holdOutboxSends(tx: TenantTx, messageIds: number[]): Promise<number> {
  if (messageIds.length === 0) return 0;
  const held = await tx
    .updateTable('outbox')
    .set({ status: 'held', updatedAt: sql<Date>`now()` })
    .where('kind', '=', 'send')
    .where('status', '=', 'pending')
    .where(sql<boolean>`message_id = any(${messageIds}::int[])`)
    .executeTakeFirst();
  return Number(held.numUpdatedRows);
}

/** Gives held sends back to the worker (a campaign restarted); answers the connections that have work again. */
export async function releaseOutboxSends(tx: TenantTx, messageIds: number[]): Promise<number[]> {
  if (messageIds.length === 0) return [];
  const rows = await tx
    .updateTable('outbox')
    .set({ status: 'pending', nextAttemptAt: sql<Date>`now()`, updatedAt: sql<Date>`now()` })
    .where('status', '=', 'held')
    .where(sql<boolean>`message_id = any(${messageIds}::int[])`)
    .returning('whatsappId')
    .execute();
  return [...new Set(rows.map((r) => r.whatsappId))];
}

/** Drops held sends for good (their campaign was deleted); answers the messages that will never be sent. */
export async function dropHeldOutboxSends(tx: TenantTx, messageIds: number[]): Promise<number[]> {
  if (messageIds.length === 0) return [];
  const rows = await tx
    .deleteFrom('outbox')
    .where('status', '=', 'held')
    .where(sql<boolean>`message_id = any(${messageIds}::int[])`)
    .returning('messageId')
    .execute();
  return rows.flatMap((r) => (r.messageId === null ? [] : [r.messageId]));
}

/**
 * A connection's next due rows of the given kinds, in queue order, without locking them (the worker locks what it
 * takes). One statement without a transaction of its own.
 */
export function peekDue(
  scopes: Scopes,
  whatsappId: number,
  kinds: OutboxKind[],
  limit: number,
): Promise<OutboxRow[]> {
  return scopes.asSystemStatements((tx) =>
    tx.db
      .selectFrom('outbox')
      .where('whatsappId', '=', whatsappId)
      .where('status', '=', 'pending')
      .where('nextAttemptAt', '<=', new Date())
      .where('kind', 'in', kinds)
      // Campaign sends (bulk) wait behind the connection's conversations: a reply never queues behind them.
      .orderBy('bulk')
      .orderBy('id')
      .limit(limit)
      .selectAll()
      .execute(),
  );
}
