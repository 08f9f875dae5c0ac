import { scheduleMediaExtensions, type ScheduleView } from '@zapdesk/contracts';
import type { Actor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import { removeStoredFiles, type Upload } from '../../platform/http/media-upload';
import type { MediaStorage } from '../../platform/storage/media-storage';
import type { TenantScope } from '../../platform/tenancy';
import { scheduleSaved } from './schedules.events';
import { assertNotSent, authorizeScheduleChange } from './schedules.policy';
import { loadScheduleView } from './schedules.service';
import { lockSchedule, updateScheduleRow } from './schedules.repository';

/** Only png, jpg and jpeg images (spec 1 section 5), judged by name and by type. */
function assertImage(upload: Upload): void {
  const extension = upload.fileName.split('.').pop()?.toLowerCase() ?? '';
  const allowed = (scheduleMediaExtensions as readonly string[]).includes(extension);
  if (!allowed || !['image/png', 'image/jpeg'].includes(upload.mimeType.toLowerCase())) {
    throw AppError.validation({ file: 'Only png, jpg and jpeg files' });
  }
}

/**
 * Stores the attachment as `public/company{cid}/schedules/<uuid>-<name>` and sets mediaPath and mediaName; the
 * file it replaces goes after the commit. A sent schedule is refused like any other edit.
 */
export async function attachScheduleMedia(
  ctx: AppContext,
  actor: Actor,
  scope: TenantScope,
  storage: MediaStorage,
  id: number,
  upload: Upload,
): Promise<ScheduleView> {
  assertImage(upload);
  await scope.run(async (tx) => {
    const row = await lockSchedule(tx, id);
    authorizeScheduleChange(actor, row);
    assertNotSent(row);
  });
  const stored = await storage.save(scope.companyId, 'schedules', upload.fileName, upload.data);
  try {
    return await scope.run(async (tx) => {
      const before = await lockSchedule(tx, id);
      authorizeScheduleChange(actor, before);
      assertNotSent(before);
      await updateScheduleRow(tx, id, { mediaPath: stored.relativePath, mediaName: stored.fileName });
      const schedule = await loadScheduleView(tx, id);
      scheduleSaved(ctx, tx, 'update', schedule);
      const replaced = before.mediaPath;
      if (replaced) tx.afterCommit(() => removeStoredFiles(ctx.log, storage, [replaced]));
      return schedule;
    });
  } catch (error) {
    await removeStoredFiles(ctx.log, storage, [stored.relativePath]);
    throw error;
  }
}

/** Detaches the file (author or admin) and removes it once committed; refused once sent. */
export function removeScheduleMedia(
  ctx: AppContext,
  actor: Actor,
  scope: TenantScope,
  storage: MediaStorage,
  id: number,
): Promise<ScheduleView> {
  return scope.run(async (tx) => {
    const before = await lockSchedule(tx, id);
    authorizeScheduleChange(actor, before);
    assertNotSent(before);
    await updateScheduleRow(tx, id, { mediaPath: null, mediaName: null });
    const schedule = await loadScheduleView(tx, id);
    scheduleSaved(ctx, tx, 'update', schedule);
    const removed = before.mediaPath;
    if (removed) tx.afterCommit(() => removeStoredFiles(ctx.log, storage, [removed]));
    return schedule;
  });
}
