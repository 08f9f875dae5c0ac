import { routes } from '@zapdesk/contracts';
import type { AppContext } from '../../platform/context';
import { readUpload } from '../../platform/http/media-upload';
import { MediaStorage } from '../../platform/storage/media-storage';
import { attachQueueMedia, removeQueueMedia } from './queue-media.service';
import { createQueue, deleteQueue, listQueues, showQueue, updateQueue } from './queues.service';

/** Queues CRUD and greeting media (spec 2 sections 2 and 7, server-behaviour 13). */
export function registerQueuesRoutes(ctx: AppContext): void {
  const storage = new MediaStorage(ctx.config.storageDir, ctx.config.backendUrl);
  ctx.bind(routes.queues.list, ({ actor, query }) => listQueues(ctx, actor, query.companyId));
  ctx.bind(routes.queues.get, ({ scope, params }) => showQueue(scope, params.id));
  ctx.bind(routes.queues.create, ({ scope, body }) => createQueue(ctx, scope, body));
  ctx.bind(routes.queues.update, ({ scope, params, body }) => updateQueue(ctx, scope, params.id, body));
  ctx.bind(routes.queues.remove, ({ scope, params }) => deleteQueue(ctx, scope, storage, params.id));
  ctx.bind(routes.queues.uploadMedia, async ({ scope, params, request }) =>
    attachQueueMedia(ctx, scope, storage, params.id, await readUpload(request)),
  );
  ctx.bind(routes.queues.removeMedia, ({ scope, params }) =>
    removeQueueMedia(ctx, scope, storage, params.id),
  );
}
