import { z } from 'zod';
import { MAX_DB_INT } from '../common';
import { validationMessages as m } from '../messages';
import { defineRoute } from '../route';
import { CompanyView } from './companies';

/**
 * The checkout form (spec 1 section 5). Only `invoiceId` is read: the amount is the stored invoice's value, so
 * the name, address and card fields and the client's `plan`, `price`, `users` and `connections` are accepted and
 * ignored.
 */
export const CheckoutInput = z.looseObject({
  invoiceId: z.coerce
    .number({ error: m.required })
    .int({ error: m.invalid })
    .positive({ error: m.invalid })
    .max(MAX_DB_INT, { error: m.invalid }),
});
export type CheckoutInput = z.infer<typeof CheckoutInput>;

/** Pix charge statuses of the Bacen API; the webhook acts on CONCLUIDA only. */
export const pixChargeStatuses = [
  'ATIVA',
  'CONCLUIDA',
  'REMOVIDA_PELO_USUARIO_RECEBEDOR',
  'REMOVIDA_PELO_PSP',
] as const;
export type PixChargeStatus = (typeof pixChargeStatuses)[number];

/** An immediate Pix charge as the Bacen API (and Efí) shapes it, with its QR code. */
export const PixChargeView = z.object({
  txid: z.string(),
  status: z.enum(pixChargeStatuses),
  calendario: z.object({ criacao: z.string(), expiracao: z.number() }),
  valor: z.object({ original: z.string().describe('Two decimals, e.g. "30.00"') }),
  chave: z.string(),
  solicitacaoPagador: z.string(),
  qrcode: z.object({
    qrcode: z.string().describe('The BR Code (Pix copy and paste)'),
    imagemQrcode: z.string().describe('data:image/png;base64 QR code of the BR Code'),
  }),
  /** Which provider issued it: `sandbox` offers a pay action, `efi` is a real bank. */
  provider: z.enum(['sandbox', 'efi']),
});
export type PixChargeView = z.infer<typeof PixChargeView>;

/** A provider's notification (Bacen webhook): never trusted alone, each charge is read again. */
export const PixWebhookBody = z.looseObject({
  evento: z.string().optional(),
  pix: z
    .array(z.looseObject({ txid: z.string().max(100).optional(), endToEndId: z.string().optional() }))
    .max(1000)
    .optional(),
});
export type PixWebhookBody = z.infer<typeof PixWebhookBody>;

export const PixWebhookParams = z.object({ type: z.string().max(40).optional() });

export const CreatePixWebhookInput = z.object({
  chave: z.string({ error: m.required }).trim().min(1, { error: m.required }).max(200, { error: m.tooLong }),
  url: z.url({ error: m.invalid }).max(2000, { error: m.tooLong }),
});
export type CreatePixWebhookInput = z.infer<typeof CreatePixWebhookInput>;

const txidParam = z.object({
  txid: z
    .string()
    .regex(/^[A-Za-z0-9]{1,35}$/, { error: m.invalid })
    .describe('Up to 35 letters and digits (Bacen)'),
});

/** The sandbox's pay action: by default the charge's own amount; a different one simulates a wrong payment. */
export const PaySandboxChargeInput = z
  .object({
    valor: z
      .string({ error: m.invalid })
      .regex(/^\d{1,10}\.\d{2}$/, { error: m.invalid })
      .optional(),
  })
  .default({});
export type PaySandboxChargeInput = z.infer<typeof PaySandboxChargeInput>;

/** `company-{id}-payment`: a payment settled an invoice; `company.dueDate` is the new active-until date. */
export const PaymentEvent = z.object({ action: z.literal('CONCLUIDA'), company: CompanyView });
export type PaymentEvent = z.infer<typeof PaymentEvent>;

export const subscriptionRoutes = {
  checkout: defineRoute({
    method: 'POST',
    path: '/subscription',
    auth: 'admin',
    body: CheckoutInput,
    allowBlockedCompany: true,
    summary: "A Pix charge for one of the company's open invoices, for the invoice's stored value",
  }),
  createWebhook: defineRoute({
    method: 'POST',
    path: '/subscription/create/webhook',
    auth: 'super',
    body: CreatePixWebhookInput,
    summary: 'Registers the payment webhook with the Pix provider (super user)',
  }),
  webhook: defineRoute({
    method: 'POST',
    path: '/subscription/webhook/:type?',
    auth: 'webhook',
    params: PixWebhookParams,
    body: PixWebhookBody,
    summary: "The Pix provider's payment notification; each charge is read again from the provider",
  }),
  paySandboxCharge: defineRoute({
    method: 'POST',
    path: '/pix-sandbox/charges/:txid/pay',
    auth: 'user',
    params: txidParam,
    body: PaySandboxChargeInput,
    allowBlockedCompany: true,
    summary:
      'Sandbox provider only: pays a charge (admin of its company or super user) and notifies our webhook',
  }),
};
