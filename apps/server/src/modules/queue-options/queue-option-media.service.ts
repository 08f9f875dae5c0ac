import type { QueueOptionWithChildren } from '@zapdesk/contracts';
import type { AppContext } from '../../platform/context';
import { removeStoredFiles, type Upload } from '../../platform/http/media-upload';
import type { MediaStorage } from '../../platform/storage/media-storage';
import type { TenantScope } from '../../platform/tenancy';
import { showOption } from './queue-options.service';
import { getOption, updateOptionRow } from './queue-options.repository';

/** Stores a file sent with the option's message (queues folder); the file it replaces goes after the commit. */
export async function attachOptionMedia(
  ctx: AppContext,
  scope: TenantScope,
  storage: MediaStorage,
  id: number,
  upload: Upload,
): Promise<QueueOptionWithChildren> {
  await scope.run((tx) => getOption(tx, id));
  const stored = await storage.save(scope.companyId, 'queues', upload.fileName, upload.data);
  try {
    await scope.run(async (tx) => {
      const before = await getOption(tx, id);
      await updateOptionRow(tx, id, { mediaPath: stored.relativePath, mediaName: stored.fileName });
      const replaced = before.mediaPath;
      if (replaced) tx.afterCommit(() => removeStoredFiles(ctx.log, storage, [replaced]));
    });
  } catch (error) {
    await removeStoredFiles(ctx.log, storage, [stored.relativePath]);
    throw error;
  }
  return showOption(scope, id);
}

/** Detaches the option's file and removes it once that is committed. */
export async function removeOptionMedia(
  ctx: AppContext,
  scope: TenantScope,
  storage: MediaStorage,
  id: number,
): Promise<QueueOptionWithChildren> {
  await scope.run(async (tx) => {
    const before = await getOption(tx, id);
    await updateOptionRow(tx, id, { mediaPath: null, mediaName: null });
    const removed = before.mediaPath;
    if (removed) tx.afterCommit(() => removeStoredFiles(ctx.log, storage, [removed]));
  });
  return showOption(scope, id);
}
