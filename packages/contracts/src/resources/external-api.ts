import { z } from 'zod';
import { looseBoolean } from '../common';
import { validationMessages as m } from '../messages';
import { defineRoute } from '../route';

/** `POST /api/messages/send` (server-behaviour 16); multipart adds `medias` files. */
export const ExternalSendInput = z.object({
  number: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z
      .string({ error: m.required })
      .transform((v) => v.replace(/\D/g, ''))
      .pipe(z.string().min(8, { error: m.tooShort }).max(20, { error: m.tooLong })),
  ),
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
