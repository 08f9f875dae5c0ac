import type {
  ListQueueOptionsQuery,
  QueueOptionInput,
  QueueOptionWithChildren,
  UpdateQueueOptionInput,
} from '@zapdesk/contracts';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import { removeStoredFiles } from '../../platform/http/media-upload';
import type { MediaStorage } from '../../platform/storage/media-storage';
import type { TenantScope, TenantTx } from '../../platform/tenancy';
import { presentOptionWithChildren } from './queue-options.presenter';
import {
  assertCompanyQueue,
  childrenOf,
  deleteOptionRow,
  getOption,
  insertOption,
  listOptionRows,
  subtreeMediaPaths,
  updateOptionRow,
  type QueueOptionRow,
} from './queue-options.repository';

async function withChildren(tx: TenantTx, rows: QueueOptionRow[]): Promise<QueueOptionWithChildren[]> {
  const children = await childrenOf(
    tx,
    rows.map((row) => row.id),
  );
  return rows.map((row) => presentOptionWithChildren(row, children.get(row.id) ?? []));
}

async function oneWithChildren(tx: TenantTx, row: QueueOptionRow): Promise<QueueOptionWithChildren> {
  const [view] = await withChildren(tx, [row]);
  if (!view) throw AppError.notFound();
  return view;
}

/** One level of a queue's option tree (parentId -1 = root), each option with its direct children. */
export function listOptions(scope: TenantScope, query: ListQueueOptionsQuery) {
  const parentId = query.parentId === -1 ? null : query.parentId;
  return scope.run(async (tx) =>
    withChildren(tx, await listOptionRows(tx, { queueId: query.queueId, parentId })),
  );
}

export function showOption(scope: TenantScope, id: number): Promise<QueueOptionWithChildren> {
  return scope.run(async (tx) => oneWithChildren(tx, await getOption(tx, id)));
}

/** Adds an option to a queue of the company, at the root or under an option of the same queue. */
export function createOption(scope: TenantScope, input: QueueOptionInput): Promise<QueueOptionWithChildren> {
  return scope.run(async (tx) => {
    await assertCompanyQueue(tx, input.queueId);
    if (input.parentId !== null) {
      const parent = await getOption(tx, input.parentId);
      if (parent.queueId !== input.queueId) throw AppError.notFound();
    }
    return oneWithChildren(tx, await insertOption(tx, input));
  });
}

export function updateOption(
  scope: TenantScope,
  id: number,
  input: UpdateQueueOptionInput,
): Promise<QueueOptionWithChildren> {
  return scope.run(async (tx) => oneWithChildren(tx, await updateOptionRow(tx, id, input)));
}

/** Deletes an option with its whole subtree; their stored files go once that is committed. */
export async function deleteOption(
  ctx: AppContext,
  scope: TenantScope,
  storage: MediaStorage,
  id: number,
): Promise<{ message: string }> {
  await scope.run(async (tx) => {
    const files = await subtreeMediaPaths(tx, id);
    if (!(await deleteOptionRow(tx, id))) throw AppError.notFound();
    tx.afterCommit(() => removeStoredFiles(ctx.log, storage, files));
  });
  return { message: 'Queue option deleted' };
}
