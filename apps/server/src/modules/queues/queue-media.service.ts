import type { QueueView } from '@zapdesk/contracts';
import type { AppContext } from '../../platform/context';
import { removeStoredFiles, type Upload } from '../../platform/http/media-upload';
import type { MediaStorage } from '../../platform/storage/media-storage';
import type { TenantScope } from '../../platform/tenancy';
import { queueSaved } from './queues.events';
import { presentQueue } from './queues.presenter';
import { getQueue, updateQueueRow } from './queues.repository';

/**
 * Stores the media sent after the queue's greeting (`public/company{cid}/queues/<uuid>-<name>`) and points the
 * queue at it; the file it replaces is removed once that is committed.
 */
export async function attachQueueMedia(
  ctx: AppContext,
  scope: TenantScope,
  storage: MediaStorage,
  id: number,
  upload: Upload,
): Promise<QueueView> {
  await scope.run((tx) => getQueue(tx, id));
  const stored = await storage.save(scope.companyId, 'queues', upload.fileName, upload.data);
  try {
    return await scope.run(async (tx) => {
      const before = await getQueue(tx, id);
      const row = await updateQueueRow(tx, id, {
        mediaPath: stored.relativePath,
        mediaName: stored.fileName,
      });
      const queue = presentQueue(row);
      queueSaved(ctx, tx, 'update', queue);
      const replaced = before.mediaPath;
      if (replaced) tx.afterCommit(() => removeStoredFiles(ctx.log, storage, [replaced]));
      return queue;
    });
  } catch (error) {
    await removeStoredFiles(ctx.log, storage, [stored.relativePath]);
    throw error;
  }
}

/** Detaches the queue's media and removes its file once that is committed. */
export function removeQueueMedia(
  ctx: AppContext,
  scope: TenantScope,
  storage: MediaStorage,
  id: number,
): Promise<QueueView> {
  return scope.run(async (tx) => {
    const before = await getQueue(tx, id);
    const queue = presentQueue(await updateQueueRow(tx, id, { mediaPath: null, mediaName: null }));
    queueSaved(ctx, tx, 'update', queue);
    const removed = before.mediaPath;
    if (removed) tx.afterCommit(() => removeStoredFiles(ctx.log, storage, [removed]));
    return queue;
  });
}
