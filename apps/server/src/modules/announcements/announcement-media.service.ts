import path from 'node:path';
import {
  announcementImageExtensions,
  validationMessages as m,
  type AnnouncementView,
} from '@zapdesk/contracts';
import type { Actor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import { removeStoredFiles, type Upload } from '../../platform/http/media-upload';
import type { MediaStorage } from '../../platform/storage/media-storage';
import { announcementSaved } from './announcements.events';
import { presentAnnouncement } from './announcements.presenter';
import { findAnnouncement, updateAnnouncementRow } from './announcements.repository';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

/**
 * The attachment takes png, jpg or jpeg (spec 2 section 5), by name and by content, so nothing else (an SVG or
 * HTML page named .png) is ever stored and served as an announcement's image.
 */
function assertImage(upload: Upload): void {
  const extension = path.extname(upload.fileName).slice(1).toLowerCase();
  const named = (announcementImageExtensions as readonly string[]).includes(extension);
  const content =
    extension === 'png' ? upload.data.subarray(0, 4).equals(PNG) : upload.data.subarray(0, 3).equals(JPEG);
  if (!named || !content) throw AppError.validation({ file: m.invalid });
}

/** Stores the image under the author's company folder and sets mediaPath and mediaName; the old one goes. */
export async function attachAnnouncementMedia(
  ctx: AppContext,
  actor: Actor,
  storage: MediaStorage,
  id: number,
  upload: Upload,
): Promise<AnnouncementView> {
  assertImage(upload);
  const existing = await ctx.scopes.asSystem((tx) => findAnnouncement(tx, id));
  if (!existing) throw AppError.notFound();
  const stored = await storage.save(actor.companyId, 'announcements', upload.fileName, upload.data);
  try {
    return await ctx.scopes.asSystem(async (tx) => {
      const before = await findAnnouncement(tx, id);
      const row = await updateAnnouncementRow(tx, id, {
        mediaPath: stored.relativePath,
        mediaName: stored.fileName,
      });
      if (!before || !row) throw AppError.notFound();
      const record = presentAnnouncement(row);
      announcementSaved(ctx, tx, 'update', record);
      const replaced = before.mediaPath;
      if (replaced) tx.afterCommit(() => removeStoredFiles(ctx.log, storage, [replaced]));
      return record;
    });
  } catch (error) {
    await removeStoredFiles(ctx.log, storage, [stored.relativePath]);
    throw error;
  }
}

/** Detaches the image and removes its file once committed. */
export function removeAnnouncementMedia(
  ctx: AppContext,
  storage: MediaStorage,
  id: number,
): Promise<AnnouncementView> {
  return ctx.scopes.asSystem(async (tx) => {
    const before = await findAnnouncement(tx, id);
    const row = await updateAnnouncementRow(tx, id, { mediaPath: null, mediaName: null });
    if (!before || !row) throw AppError.notFound();
    const record = presentAnnouncement(row);
    announcementSaved(ctx, tx, 'update', record);
    const removed = before.mediaPath;
    if (removed) tx.afterCommit(() => removeStoredFiles(ctx.log, storage, [removed]));
    return record;
  });
}
