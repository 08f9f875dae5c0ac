import { routes } from '@zapdesk/contracts';
import type { AppContext } from '../../platform/context';
import { readUpload } from '../../platform/http/media-upload';
import { MediaStorage } from '../../platform/storage/media-storage';
import { attachQuickMessageMedia, removeQuickMessageMedia } from './quick-message-media.service';
import {
  createQuickMessage,
  deleteQuickMessage,
  listAllQuickMessages,
  listQuickMessages,
  showQuickMessage,
  updateQuickMessage,
} from './quick-messages.service';

/** Quick replies (spec 2 sections 2 and 7, server-behaviour 15). */
export function registerQuickMessagesRoutes(ctx: AppContext): void {
  const storage = new MediaStorage(ctx.config.storageDir, ctx.config.backendUrl);
  const r = routes.quickMessages;
  ctx.bind(r.list, ({ actor, scope, query }) => listQuickMessages(actor, scope, query));
  ctx.bind(r.listAll, ({ actor, query }) => listAllQuickMessages(ctx, actor, query));
  ctx.bind(r.get, ({ actor, scope, params }) => showQuickMessage(actor, scope, params.id));
  ctx.bind(r.create, ({ actor, scope, body }) => createQuickMessage(ctx, actor, scope, body));
  ctx.bind(r.update, ({ actor, scope, params, body }) =>
    updateQuickMessage(ctx, actor, scope, storage, params.id, body),
  );
  ctx.bind(r.remove, ({ actor, scope, params }) => deleteQuickMessage(ctx, actor, scope, storage, params.id));
  ctx.bind(r.uploadMedia, async ({ actor, scope, params, request }) =>
    attachQuickMessageMedia(ctx, actor, scope, storage, params.id, await readUpload(request)),
  );
  ctx.bind(r.removeMedia, ({ actor, scope, params }) =>
    removeQuickMessageMedia(ctx, actor, scope, storage, params.id),
  );
}
