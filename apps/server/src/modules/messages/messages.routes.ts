import { routes, SendMessageInput } from '@zapdesk/contracts';
import type { Messaging } from '../../messaging';
import type { AppContext } from '../../platform/context';
import { parseInput } from '../../platform/http/validation';
import { readMultipartUpload } from '../../platform/storage/multipart-upload';
import { deleteMessage } from './delete-message';
import { listMessages } from './list-messages';
import { sendMessage } from './send-message';

/** Message routes (spec 1 section 7, server-behaviour 6). */
export function registerMessagesRoutes(ctx: AppContext, messaging: Messaging): void {
  const env = { ctx, messaging };

  ctx.bind(routes.messages.list, ({ actor, scope, params, query }) =>
    listMessages(env, actor, scope, params.ticketId, query.pageNumber),
  );

  ctx.bind(routes.messages.send, async ({ actor, scope, params, request }) => {
    if (!request.isMultipart()) {
      const input = parseInput(SendMessageInput, request.body);
      return sendMessage(env, actor, scope, params.ticketId, { input, bodies: [], files: [] });
    }
    const upload = await readMultipartUpload(
      request,
      messaging.outbound.storage,
      scope.companyId,
      'messages',
      ['medias', 'medias[]'],
    );
    try {
      const first = (name: string) => upload.fields[name]?.[0];
      const input = parseInput(SendMessageInput, {
        body: first('body'),
        fromMe: first('fromMe'),
        read: first('read'),
        quotedMsg: first('quotedMsg'),
      });
      return await sendMessage(env, actor, scope, params.ticketId, {
        input,
        bodies: upload.fields.body ?? [],
        files: upload.files,
      });
    } catch (error) {
      await upload.discard();
      throw error;
    }
  });

  ctx.bind(routes.messages.remove, ({ actor, scope, params }) => deleteMessage(env, actor, scope, params.id));
}
