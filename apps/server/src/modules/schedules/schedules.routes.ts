import { routes } from '@zapdesk/contracts';
import type { AppContext } from '../../platform/context';
import { readUpload } from '../../platform/http/media-upload';
import { MediaStorage } from '../../platform/storage/media-storage';
import { attachScheduleMedia, removeScheduleMedia } from './schedule-media.service';
import {
  createSchedule,
  deleteSchedule,
  listSchedules,
  showSchedule,
  updateSchedule,
} from './schedules.service';

/** Scheduled messages (spec 1 section 7, server-behaviour 10.1); the plan's useSchedules gates every route. */
export function registerSchedulesRoutes(ctx: AppContext): void {
  const storage = new MediaStorage(ctx.config.storageDir, ctx.config.backendUrl);
  const r = routes.schedules;
  ctx.bind(r.list, ({ scope, query }) => listSchedules(scope, query));
  ctx.bind(r.get, ({ scope, params }) => showSchedule(scope, params.id));
  ctx.bind(r.create, ({ actor, scope, body }) => createSchedule(ctx, actor, scope, body));
  ctx.bind(r.update, ({ actor, scope, params, body }) => updateSchedule(ctx, actor, scope, params.id, body));
  ctx.bind(r.remove, ({ actor, scope, params }) => deleteSchedule(ctx, actor, scope, storage, params.id));
  ctx.bind(r.uploadMedia, async ({ actor, scope, params, request }) =>
    attachScheduleMedia(ctx, actor, scope, storage, params.id, await readUpload(request)),
  );
  ctx.bind(r.removeMedia, ({ actor, scope, params }) =>
    removeScheduleMedia(ctx, actor, scope, storage, params.id),
  );
}
