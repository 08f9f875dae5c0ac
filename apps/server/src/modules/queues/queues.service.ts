import type { Updateable } from 'kysely';
import type { QueueInput, QueueView, UpdateQueueInput } from '@zapdesk/contracts';
import type { Actor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import type { QueuesTable } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import { removeStoredFiles } from '../../platform/http/media-upload';
import type { MediaStorage } from '../../platform/storage/media-storage';
import type { TenantScope, TenantTx } from '../../platform/tenancy';
import { queueDeleted, queueSaved } from './queues.events';
import { presentQueue } from './queues.presenter';
import {
  assertCompanyIntegration,
  assertCompanyPrompt,
  countQueues,
  deleteQueueRow,
  getQueue,
  insertQueue,
  listQueueRows,
  lockCompanyQueueLimit,
  optionMediaPaths,
  updateQueueRow,
} from './queues.repository';

/** Every queue of the company; a super user may name another company. */
export async function listQueues(ctx: AppContext, actor: Actor, companyId?: number): Promise<QueueView[]> {
  const scope = ctx.scopes.actingFor(actor, companyId);
  const rows = await scope.run(listQueueRows);
  return rows.map(presentQueue);
}

export async function showQueue(scope: TenantScope, id: number): Promise<QueueView> {
  return presentQueue(await scope.run((tx) => getQueue(tx, id)));
}

/** The prompt and integration a queue points at must be the company's (404 otherwise). */
async function assertLinks(
  tx: TenantTx,
  links: { promptId?: number | null; integrationId?: number | null },
): Promise<void> {
  if (links.promptId) await assertCompanyPrompt(tx, links.promptId);
  if (links.integrationId) await assertCompanyIntegration(tx, links.integrationId);
}

/** Creates a queue within the plan's queue limit (checked under a lock on the company row). */
export function createQueue(ctx: AppContext, scope: TenantScope, input: QueueInput): Promise<QueueView> {
  return scope.run(async (tx) => {
    const limit = await lockCompanyQueueLimit(tx);
    if (limit > 0 && (await countQueues(tx)) >= limit) {
      throw new AppError('ERR_PLAN_LIMIT_QUEUES', `The plan allows ${limit} queues`);
    }
    await assertLinks(tx, input);
    const row = await insertQueue(tx, { ...input, schedules: JSON.stringify(input.schedules) });
    const queue = presentQueue(row);
    queueSaved(ctx, tx, 'create', queue);
    return queue;
  });
}

export function updateQueue(
  ctx: AppContext,
  scope: TenantScope,
  id: number,
  input: UpdateQueueInput,
): Promise<QueueView> {
  return scope.run(async (tx) => {
    await getQueue(tx, id);
    await assertLinks(tx, input);
    const { schedules, ...fields } = input;
    const changes: Updateable<QueuesTable> = { ...fields };
    if (schedules) changes.schedules = JSON.stringify(schedules);
    const queue = presentQueue(await updateQueueRow(tx, id, changes));
    queueSaved(ctx, tx, 'update', queue);
    return queue;
  });
}

/** Deletes a queue and its option tree; its stored files go once the deletion is committed. */
export async function deleteQueue(
  ctx: AppContext,
  scope: TenantScope,
  storage: MediaStorage,
  id: number,
): Promise<{ message: string }> {
  await scope.run(async (tx) => {
    const queue = await getQueue(tx, id);
    const files = await optionMediaPaths(tx, id);
    if (queue.mediaPath) files.push(queue.mediaPath);
    if (!(await deleteQueueRow(tx, id))) throw AppError.notFound();
    queueDeleted(ctx, tx, id);
    tx.afterCommit(() => removeStoredFiles(ctx.log, storage, files));
  });
  return { message: 'Queue deleted' };
}
