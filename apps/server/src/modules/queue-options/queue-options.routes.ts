import { routes } from '@zapdesk/contracts';
import type { AppContext } from '../../platform/context';
import { readUpload } from '../../platform/http/media-upload';
import { MediaStorage } from '../../platform/storage/media-storage';
import { attachOptionMedia, removeOptionMedia } from './queue-option-media.service';
import { createOption, deleteOption, listOptions, showOption, updateOption } from './queue-options.service';

/** The chatbot option tree of queues (server-behaviour 13). */
export function registerQueueOptionsRoutes(ctx: AppContext): void {
  const storage = new MediaStorage(ctx.config.storageDir, ctx.config.backendUrl);
  ctx.bind(routes.queueOptions.list, ({ scope, query }) => listOptions(scope, query));
  ctx.bind(routes.queueOptions.get, ({ scope, params }) => showOption(scope, params.id));
  ctx.bind(routes.queueOptions.create, ({ scope, body }) => createOption(scope, body));
  ctx.bind(routes.queueOptions.update, ({ scope, params, body }) => updateOption(scope, params.id, body));
  ctx.bind(routes.queueOptions.remove, ({ scope, params }) => deleteOption(ctx, scope, storage, params.id));
  ctx.bind(routes.queueOptions.uploadMedia, async ({ scope, params, request }) =>
    attachOptionMedia(ctx, scope, storage, params.id, await readUpload(request)),
  );
  ctx.bind(routes.queueOptions.removeMedia, ({ scope, params }) =>
    removeOptionMedia(ctx, scope, storage, params.id),
  );
}
