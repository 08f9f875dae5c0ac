import type { TenantTx } from '../../platform/tenancy';
import { AppError } from '../../platform/http/app-error';
import type { QueueRefRow } from './users.presenter';

/** Queues of each given user, in one query. */
export async function queuesOfUsers(tx: TenantTx, userIds: number[]): Promise<Map<number, QueueRefRow[]>> {
  const result = new Map<number, QueueRefRow[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return result;
  const rows = await tx
    .selectFrom('userQueues')
    .innerJoin('queues', (join) =>
      join
        .onRef('queues.id', '=', 'userQueues.queueId')
        .onRef('queues.companyId', '=', 'userQueues.companyId'),
    )
    .where('userQueues.userId', 'in', userIds)
    .select(['userQueues.userId', 'queues.id', 'queues.name', 'queues.color'])
    .orderBy('queues.orderQueue')
    .orderBy('queues.name')
    .execute();
  for (const row of rows) result.get(row.userId)?.push({ id: row.id, name: row.name, color: row.color });
  return result;
}

/** Replaces a user's queues; every id must be a queue of the company (else 404). */
export async function setUserQueues(tx: TenantTx, userId: number, queueIds: number[]): Promise<void> {
  const unique = [...new Set(queueIds)];
  if (unique.length > 0) {
    const found = await tx.selectFrom('queues').where('id', 'in', unique).select('id').execute();
    if (found.length !== unique.length) throw AppError.notFound();
  }
  await tx.deleteFrom('userQueues').where('userId', '=', userId).execute();
  if (unique.length > 0) {
    await tx
      .insertInto('userQueues')
      .values(unique.map((queueId) => ({ companyId: tx.companyId, userId, queueId })))
      .execute();
  }
}
