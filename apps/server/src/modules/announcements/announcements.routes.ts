import { routes } from '@zapdesk/contracts';
import type { AppContext } from '../../platform/context';
import { readUpload } from '../../platform/http/media-upload';
import type { MediaStorage } from '../../platform/storage/media-storage';
import { attachAnnouncementMedia, removeAnnouncementMedia } from './announcement-media.service';
import {
  createAnnouncement,
  deleteAnnouncement,
  listAnnouncements,
  showAnnouncement,
  updateAnnouncement,
} from './announcements.service';

/** Announcements: global, read by everyone, written by super users (spec 2 sections 2 and 7). */
export function registerAnnouncementsRoutes(ctx: AppContext, storage: MediaStorage): void {
  const r = routes.announcements;
  ctx.bind(r.list, ({ actor, query }) => listAnnouncements(ctx, actor, query));
  ctx.bind(r.get, ({ actor, params }) => showAnnouncement(ctx, actor, params.id));
  ctx.bind(r.create, ({ actor, body }) => createAnnouncement(ctx, actor, body));
  ctx.bind(r.update, ({ params, body }) => updateAnnouncement(ctx, params.id, body));
  ctx.bind(r.remove, ({ params }) => deleteAnnouncement(ctx, storage, params.id));
  ctx.bind(r.uploadMedia, async ({ actor, params, request }) =>
    attachAnnouncementMedia(ctx, actor, storage, params.id, await readUpload(request)),
  );
  ctx.bind(r.removeMedia, ({ params }) => removeAnnouncementMedia(ctx, storage, params.id));
}
