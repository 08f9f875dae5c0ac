import { ExternalSendInput, routes } from '@zapdesk/contracts';
import { parseInput } from '../../platform/http/validation';
import { readMultipartUpload } from '../../platform/storage/multipart-upload';
import { sendExternal, type ExternalSendEnv } from './external-send';

/** Requests per minute per client address on the external API (server-behaviour 1.8). */
const EXTERNAL_API_PER_MINUTE = 120;

/** The external messages API (server-behaviour 16). */
export function registerExternalApiRoutes(env: ExternalSendEnv): void {
  const { ctx } = env;
  ctx.bind(
    routes.externalApi.send,
    async ({ actor, scope, request }) => {
      if (!request.isMultipart()) {
        const input = parseInput(ExternalSendInput, request.body);
        return sendExternal(env, actor, scope, { input, bodies: [], files: [] });
      }
      const upload = await readMultipartUpload(request, env.storage, actor.companyId, 'messages', [
        'medias',
        'medias[]',
      ]);
      try {
        const first = (name: string) => upload.fields[name]?.[0];
        const input = parseInput(ExternalSendInput, {
          number: first('number'),
          body: first('body'),
          closeTicket: first('closeTicket'),
        });
        return await sendExternal(env, actor, scope, {
          input,
          bodies: upload.fields.body ?? [],
          files: upload.files,
        });
      } catch (error) {
        await upload.discard();
        throw error;
      }
    },
    { rateLimitPerMinute: EXTERNAL_API_PER_MINUTE },
  );
}
