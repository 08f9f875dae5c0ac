import { z } from 'zod';
import { MAX_DB_INT } from '../common';
import { validationMessages as m } from '../messages';
import { defineRoute } from '../route';

export const CloudWebhookParams = z.object({
  connectionId: z.coerce
    .number({ error: m.invalid })
    .int()
    .positive({ error: m.invalid })
    .max(MAX_DB_INT, { error: m.invalid })
    .describe('The cloud connection (whatsapps.id) this webhook URL belongs to'),
});
export type CloudWebhookParams = z.infer<typeof CloudWebhookParams>;

/** Meta's verification request when the webhook URL is saved in the app dashboard. */
export const CloudWebhookHandshakeQuery = z.object({
  'hub.mode': z.string().optional().describe('"subscribe"'),
  'hub.verify_token': z.string().optional().describe("Must equal the connection's verify token"),
  'hub.challenge': z.string().optional().describe('Answered back as text/plain when the token matches'),
});
export type CloudWebhookHandshakeQuery = z.infer<typeof CloudWebhookHandshakeQuery>;

/**
 * The WhatsApp Business Cloud API webhook of one cloud connection. Authenticated by the connection's secrets,
 * not a login: the handshake by its verify token, deliveries by X-Hub-Signature-256 over the raw body.
 */
export const cloudWebhookRoutes = {
  handshake: defineRoute({
    method: 'GET',
    path: '/webhooks/cloud/:connectionId',
    auth: 'webhook',
    params: CloudWebhookParams,
    query: CloudWebhookHandshakeQuery,
    summary: "Answer Meta's webhook verification (hub.challenge) when the verify token matches",
  }),
  receive: defineRoute({
    method: 'POST',
    path: '/webhooks/cloud/:connectionId',
    auth: 'webhook',
    params: CloudWebhookParams,
    summary: 'Receive signed Cloud API messages and statuses (200 once stored; 401 when unsigned)',
  }),
};
