import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { cloudWebhookRoutes } from '@zapdesk/contracts';
import type { AppContext } from '../../../platform/context';
import { AppError } from '../../../platform/http/app-error';
import { createBinder } from '../../../platform/http/route-binder';
import type { Inbound } from '../../inbound';
import type { ConnectionDescriptor } from '..';
import { findCloudConnection } from './cloud-connections.repository';
import { readCloudCredentials, type CloudCredentials } from './cloud-credentials';
import { toProviderEvents } from './webhook-events';
import { CloudWebhookEnvelope } from './webhook-payload';
import { isValidHandshake, isValidWebhookSignature } from './webhook-signature';

/**
 * The Cloud API webhook routes, in a plugin of their own: the signature covers the exact bytes Meta sent, so
 * here (and only here) bodies are kept raw instead of going through the JSON parser.
 */
export function cloudWebhookPlugin(ctx: AppContext, inbound: Pick<Inbound, 'ingest'>): FastifyPluginAsync {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    const bind = createBinder(app, {
      tokens: ctx.tokens,
      actors: ctx.actors,
      scopes: ctx.scopes,
      timeZone: ctx.config.timeZone,
      rateLimitEnabled: ctx.config.rateLimitEnabled,
    });

    bind(cloudWebhookRoutes.handshake, async ({ params, query, reply }) => {
      const { credentials } = await connectionOf(ctx, params.connectionId);
      const given = { mode: query['hub.mode'], verifyToken: query['hub.verify_token'] };
      if (!isValidHandshake(given, credentials.verifyToken)) throw AppError.forbidden();
      return reply.type('text/plain; charset=utf-8').send(query['hub.challenge'] ?? '');
    });

    bind(cloudWebhookRoutes.receive, async ({ params, request }) => {
      const { connection, credentials } = await connectionOf(ctx, params.connectionId);
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (!isValidWebhookSignature(raw, signatureOf(request), credentials.appSecret)) {
        throw new AppError('ERR_INVALID_WEBHOOK_SIGNATURE', 'Missing or wrong X-Hub-Signature-256');
      }
      const log = request.log.child({ companyId: connection.companyId, whatsappId: connection.whatsappId });
      const events = toProviderEvents(parseEnvelope(raw), credentials.phoneNumberId, log);
      // Stored before the answer: a crash before this point leaves Meta retrying, never a lost message.
      for (const event of events) await inbound.ingest(connection, event);
      return { received: events.length };
    });
  };
}

/** The connection and its credentials; 404 for anything that is not a cloud connection ready to verify. */
async function connectionOf(
  ctx: AppContext,
  whatsappId: number,
): Promise<{ connection: ConnectionDescriptor; credentials: CloudCredentials }> {
  const connection = await findCloudConnection(ctx.scopes, whatsappId);
  const credentials = connection && readCloudCredentials(connection);
  if (!connection || !credentials) throw AppError.notFound('ERR_NO_WAPP_FOUND');
  return { connection, credentials };
}

function signatureOf(request: FastifyRequest): string | undefined {
  const header = request.headers['x-hub-signature-256'];
  return Array.isArray(header) ? header[0] : header;
}

function parseEnvelope(raw: Buffer) {
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    throw AppError.validation({ body: 'Not JSON' });
  }
  const envelope = CloudWebhookEnvelope.safeParse(json);
  if (!envelope.success) throw AppError.validation({ body: 'Not a WhatsApp webhook payload' });
  return envelope.data;
}
