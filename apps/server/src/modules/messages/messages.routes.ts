import { routes, SendMessageInput } from '@zapdesk/contracts';
import { parseInput } from '../../platform/http/validation';
import { readMultipartUpload } from '../../platform/storage/multipart-upload';
import { deleteMessage } from './delete-message';
import { listMessages } from './list-messages';
import type { MessagesEnv } from './messages.env';
import { sendAgentMessage } from './send-message';

/** Message routes (spec 1 section 7, server-behaviour 6). */
export function registerMessagesRoutes(env: MessagesEnv): void {
  const { ctx } = env;

  ctx.bind(routes.messages.list, ({ actor, scope, params, query }) =>
    listMessages(env, actor, scope, params.ticketId, query.pageNumber),
  );

  ctx.bind(routes.messages.send, async ({ actor, scope, params, request }) => {
    if (!request.isMultipart()) {
      const input = parseInput(SendMessageInput, request.body);
      return sendAgentMessage(env, actor, scope, params.ticketId, { input, bodies: [], files: [] });
    }
    const upload = await readMultipartUpload(request, env.storage, scope.companyId, 'messages', [
      'medias',
      'medias[]',
    ]);
    try {
      const first = (name: string) => upload.fields[name]?.[0];
      const input = parseInput(SendMessageInput, {
        body: first('body'),
        fromMe: first('fromMe'),
        read: first('read'),
        quotedMsg: first('quotedMsg'),
      });
      return await sendAgentMessage(env, actor, scope, params.ticketId, {
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
