import { z } from 'zod';
import { looseBoolean, phoneDigits } from '../common';
import { validationMessages as m } from '../messages';
import { defineRoute } from '../route';

/** `POST /api/messages/send` (server-behaviour 16); multipart adds `medias` files. */
export const ExternalSendInput = z.object({
  number: phoneDigits(8, 20),
  body: z.preprocess((v) => v ?? '', z.string({ error: m.invalid }).max(65_536, { error: m.tooLong })),
  closeTicket: looseBoolean.optional(),
});
export type ExternalSendInput = z.infer<typeof ExternalSendInput>;

export const ExternalSendAnswer = z.object({ mensagem: z.literal('Mensagem enviada') });

export const externalApiRoutes = {
  send: defineRoute({
    method: 'POST',
    path: '/api/messages/send',
    auth: 'apiToken',
    planFlag: 'useExternalApi',
    body: ExternalSendInput,
    multipart: true,
    summary: "Send a message through the token's connection (Authorization: Bearer <connection token>)",
  }),
};
