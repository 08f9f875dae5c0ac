import {
  pageSizes,
  type AnnouncementInput,
  type AnnouncementView,
  type ListAnnouncementsAnswer,
  type PagedQuery,
  type UpdateAnnouncementInput,
} from '@zapdesk/contracts';
import type { Actor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import { removeStoredFiles } from '../../platform/http/media-upload';
import type { MediaStorage } from '../../platform/storage/media-storage';
import { announcementDeleted, announcementSaved } from './announcements.events';
import { presentAnnouncement } from './announcements.presenter';
import {
  deleteAnnouncementRow,
  findAnnouncement,
  insertAnnouncement,
  pageAnnouncements,
  updateAnnouncementRow,
} from './announcements.repository';

/** `GET /announcements`: the active ones for everyone, every one for a super user (server-behaviour 15). */
export async function listAnnouncements(ctx: AppContext, actor: Actor, query: PagedQuery) {
  const limit = pageSizes.default;
  const offset = (query.pageNumber - 1) * limit;
  const { rows, count } = await ctx.scopes.asSystem((tx) =>
    pageAnnouncements(tx, { search: query.searchParam, activeOnly: !actor.isSuper, limit, offset }),
  );
  const answer: ListAnnouncementsAnswer = {
    records: rows.map(presentAnnouncement),
    count,
    hasMore: offset + rows.length < count,
  };
  return answer;
}

/** One announcement; an inactive one is a 404 to all but super users. */
export async function showAnnouncement(ctx: AppContext, actor: Actor, id: number): Promise<AnnouncementView> {
  const row = await ctx.scopes.asSystem((tx) => findAnnouncement(tx, id));
  if (!row || (!row.status && !actor.isSuper)) throw AppError.notFound();
  return presentAnnouncement(row);
}

export function createAnnouncement(
  ctx: AppContext,
  actor: Actor,
  input: AnnouncementInput,
): Promise<AnnouncementView> {
  return ctx.scopes.asSystem(async (tx) => {
    const record = presentAnnouncement(
      await insertAnnouncement(tx, { ...input, companyId: actor.companyId }),
    );
    announcementSaved(ctx, tx, 'create', record);
    return record;
  });
}

export function updateAnnouncement(
  ctx: AppContext,
  id: number,
  input: UpdateAnnouncementInput,
): Promise<AnnouncementView> {
  return ctx.scopes.asSystem(async (tx) => {
    const row = await updateAnnouncementRow(tx, id, input);
    if (!row) throw AppError.notFound();
    const record = presentAnnouncement(row);
    announcementSaved(ctx, tx, 'update', record);
    return record;
  });
}

/** Deletes the announcement, then its image once committed. */
export async function deleteAnnouncement(ctx: AppContext, storage: MediaStorage, id: number) {
  await ctx.scopes.asSystem(async (tx) => {
    const row = await deleteAnnouncementRow(tx, id);
    if (!row) throw AppError.notFound();
    announcementDeleted(ctx, tx, id);
    const removed = row.mediaPath;
    if (removed) tx.afterCommit(() => removeStoredFiles(ctx.log, storage, [removed]));
  });
  return { message: 'Announcement deleted' };
}
