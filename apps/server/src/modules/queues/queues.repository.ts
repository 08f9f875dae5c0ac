import type { Insertable, Selectable, Updateable } from 'kysely';
import type { QueuesTable } from '../../platform/db/schema';
import { AppError, isUniqueViolation } from '../../platform/http/app-error';
import type { TenantTx } from '../../platform/tenancy';

export type QueueRow = Selectable<QueuesTable>;
type QueueValues = Omit<Insertable<QueuesTable>, 'companyId'>;

export function findQueue(tx: TenantTx, id: number): Promise<QueueRow | undefined> {
  return tx.selectFrom('queues').where('id', '=', id).selectAll().executeTakeFirst();
}

/** One queue of the company; another company's id is a 404 like a missing one. */
export async function getQueue(tx: TenantTx, id: number): Promise<QueueRow> {
  const queue = await findQueue(tx, id);
  if (!queue) throw AppError.notFound();
  return queue;
}

/** Every queue of the company, by orderQueue (unset last) then name. */
export function listQueueRows(tx: TenantTx): Promise<QueueRow[]> {
  return tx
    .selectFrom('queues')
    .selectAll()
    .orderBy('orderQueue', (ob) => ob.asc().nullsLast())
    .orderBy((eb) => eb.fn('lower', ['queues.name']))
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/**
 * Locks the company row until the transaction ends and answers its plan's queue limit (0 = unlimited).
 * Concurrent creates queue on the lock, so the count that follows cannot be passed by two of them at once.
 */
export async function lockCompanyQueueLimit(tx: TenantTx): Promise<number> {
  const company = await tx
    .unscoped()
    .selectFrom('companies')
    .leftJoin('plans', 'plans.id', 'companies.planId')
    .where('companies.id', '=', tx.companyId)
    .select(['companies.id', 'plans.queues'])
    // NO KEY UPDATE: serialises queue creates without blocking foreign-key inserts of other tables.
    .forNoKeyUpdate('companies')
    .executeTakeFirst();
  if (!company) throw AppError.notFound();
  return company.queues ?? 0;
}

export async function countQueues(tx: TenantTx): Promise<number> {
  const row = await tx
    .selectFrom('queues')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Inserts a queue; a name or colour already used in the company is a 400 with its code. */
export async function insertQueue(tx: TenantTx, values: QueueValues): Promise<QueueRow> {
  try {
    return await tx
      .insertInto('queues')
      .values({ ...values, companyId: tx.companyId })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    throw uniqueError(error);
  }
}

export async function updateQueueRow(
  tx: TenantTx,
  id: number,
  changes: Updateable<QueuesTable>,
): Promise<QueueRow> {
  try {
    const row = await tx
      .updateTable('queues')
      .set({ ...changes, updatedAt: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw AppError.notFound();
    return row;
  } catch (error) {
    throw uniqueError(error);
  }
}

/** Deletes a queue; the foreign keys clear it from tickets, users, connections and prompts, and drop its options. */
export async function deleteQueueRow(tx: TenantTx, id: number): Promise<boolean> {
  const result = await tx.deleteFrom('queues').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Stored files of the queue's chatbot options, to remove from disk once the queue is gone. */
export async function optionMediaPaths(tx: TenantTx, queueId: number): Promise<string[]> {
  const rows = await tx
    .selectFrom('queueOptions')
    .where('queueId', '=', queueId)
    .where('mediaPath', 'is not', null)
    .select('mediaPath')
    .execute();
  return rows.flatMap((row) => (row.mediaPath ? [row.mediaPath] : []));
}

/** Throws 404 unless the id is an AI prompt of the company. */
export async function assertCompanyPrompt(tx: TenantTx, promptId: number): Promise<void> {
  const found = await tx.selectFrom('prompts').where('id', '=', promptId).select('id').executeTakeFirst();
  if (!found) throw AppError.notFound();
}

/** Throws 404 unless the id is a queue integration of the company. */
export async function assertCompanyIntegration(tx: TenantTx, integrationId: number): Promise<void> {
  const found = await tx
    .selectFrom('queueIntegrations')
    .where('id', '=', integrationId)
    .select('id')
    .executeTakeFirst();
  if (!found) throw AppError.notFound();
}

function uniqueError(error: unknown): unknown {
  if (isUniqueViolation(error, 'queues_company_name_key')) {
    return new AppError('ERR_QUEUE_NAME_ALREADY_EXISTS', 'A queue with this name already exists');
  }
  if (isUniqueViolation(error, 'queues_company_color_key')) {
    return new AppError('ERR_QUEUE_COLOR_ALREADY_EXISTS', 'A queue with this colour already exists');
  }
  return error;
}
