import { z } from 'zod';
import { boundedString, idList, idParam, looseBoolean, nullableId, optionalId, wholeNumber } from '../common';
import { validationMessages as m } from '../messages';
import { defineRoute } from '../route';
import { QueueRef } from './users';

/** Connection statuses (spec 1 section 3); CONNECTED counts as online. */
export const connectionStatuses = [
  'CONNECTED',
  'DISCONNECTED',
  'OPENING',
  'qrcode',
  'PAIRING',
  'TIMEOUT',
] as const;
export type ConnectionStatusValue = (typeof connectionStatuses)[number];

/** beta = WhatsApp Web (baileys), cloud = official Cloud API, simulator = the built-in test phone. */
export const providerKinds = ['beta', 'cloud', 'simulator'] as const;
export type ProviderKindValue = (typeof providerKinds)[number];

/** Defaults of a new connection (spec 1 section 9). */
export const connectionDefaults = {
  provider: 'beta',
  expiresTicket: 0,
  timeUseBotQueues: 0,
  maxUseBotQueues: 3,
} as const;

/** Cloud API credentials: write-only, never answered (the view says only whether they are set). */
export const cloudCredentialKeys = ['phoneNumberId', 'accessToken', 'appSecret', 'verifyToken'] as const;
export type CloudCredentialKey = (typeof cloudCredentialKeys)[number];

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A message text; null (an empty form field) means "". */
const text = z.preprocess(
  (v) => (v === null ? '' : v),
  z.string({ error: m.invalid }).max(4000, { error: m.tooLong }),
);
/** A count of minutes, hours or tries; "" or null (empty form field) means the default. */
const count = wholeNumber;
const countField = (fallback: number) => z.preprocess(blankToUndefined, count.default(fallback));
const optionalCount = z.preprocess(blankToUndefined, count.optional());
/** An optional reference; "", 0, false or null mean none. */
const refId = nullableId.optional();
const credential = z.preprocess(
  blankToUndefined,
  z.string({ error: m.invalid }).trim().max(1000, { error: m.tooLong }).optional(),
);
/** Empty means "generate one". */
const token = z.preprocess(
  (v) => (v === null ? '' : v),
  z
    .string({ error: m.invalid })
    .trim()
    .max(200, { error: m.tooLong })
    .regex(/^[\x21-\x7e]*$/, { error: 'Letters, digits and symbols only, no spaces' })
    .optional(),
);

const credentialFields = {
  phoneNumberId: credential.describe('Cloud API phone number id (write-only)'),
  accessToken: credential.describe('Cloud API access token (write-only)'),
  appSecret: credential.describe('Cloud API app secret, checks webhook signatures (write-only)'),
  verifyToken: credential.describe('Cloud API webhook verify token (write-only)'),
};

export const CreateWhatsappInput = z
  .object({
    name: boundedString(2, 50),
    isDefault: looseBoolean.optional().default(false),
    greetingMessage: text.default(''),
    complationMessage: text.default(''),
    outOfHoursMessage: text.default(''),
    ratingMessage: text.default(''),
    expiresInactiveMessage: text.default(''),
    token,
    provider: z.enum(providerKinds, { error: m.invalid }).default(connectionDefaults.provider),
    expiresTicket: countField(connectionDefaults.expiresTicket).describe(
      'Minutes of inactivity (last message ours) before an open ticket closes (0 = never)',
    ),
    timeUseBotQueues: countField(connectionDefaults.timeUseBotQueues),
    maxUseBotQueues: countField(connectionDefaults.maxUseBotQueues),
    timeToTransfer: countField(0),
    transferQueueId: refId,
    promptId: refId,
    integrationId: refId,
    queueIds: z.preprocess((v) => v ?? undefined, idList.default([])),
    ...credentialFields,
  })
  .superRefine((input, ctx) => {
    if (input.provider !== 'cloud') return;
    for (const key of cloudCredentialKeys) {
      if (!input[key]) ctx.addIssue({ code: 'custom', path: [key], message: m.required });
    }
  });
export type CreateWhatsappInput = z.infer<typeof CreateWhatsappInput>;

/** An edit: absent fields stay as they are (queueIds too); credentials given replace the stored ones. */
export const UpdateWhatsappInput = z.object({
  name: boundedString(2, 50).optional(),
  isDefault: looseBoolean.optional(),
  greetingMessage: text.optional(),
  complationMessage: text.optional(),
  outOfHoursMessage: text.optional(),
  ratingMessage: text.optional(),
  expiresInactiveMessage: text.optional(),
  token,
  provider: z.enum(providerKinds, { error: m.invalid }).optional(),
  expiresTicket: optionalCount,
  timeUseBotQueues: optionalCount,
  maxUseBotQueues: optionalCount,
  timeToTransfer: optionalCount,
  transferQueueId: refId,
  promptId: refId,
  integrationId: refId,
  queueIds: z.preprocess((v) => v ?? undefined, idList.optional()),
  ...credentialFields,
});
export type UpdateWhatsappInput = z.infer<typeof UpdateWhatsappInput>;

export const ListWhatsappsQuery = z.object({
  /** Read only from a super user; ignored for others. */
  companyId: optionalId.catch(undefined),
  /** Sent by the client (session=0); accepted and ignored. */
  session: z.string().optional().catch(undefined),
});
export type ListWhatsappsQuery = z.infer<typeof ListWhatsappsQuery>;

export const WhatsappView = z.object({
  id: z.number(),
  companyId: z.number(),
  name: z.string(),
  status: z.enum(connectionStatuses),
  isDefault: z.boolean(),
  qrcode: z.string(),
  retries: z.number(),
  number: z.string(),
  greetingMessage: z.string(),
  complationMessage: z.string(),
  outOfHoursMessage: z.string(),
  ratingMessage: z.string(),
  expiresInactiveMessage: z.string(),
  /** Only in answers to admins; never in socket events. */
  token: z.string().optional(),
  provider: z.enum(providerKinds),
  /** False when the provider needs credentials (cloud) and some are missing. */
  credentialsConfigured: z.boolean(),
  expiresTicket: z.number(),
  timeUseBotQueues: z.number(),
  maxUseBotQueues: z.number(),
  timeToTransfer: z.number(),
  transferQueueId: z.number().nullable(),
  promptId: z.number().nullable(),
  prompt: z.object({ id: z.number(), name: z.string() }).nullable(),
  integrationId: z.number().nullable(),
  integration: z.object({ id: z.number(), name: z.string(), type: z.string() }).nullable(),
  queues: z.array(QueueRef),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WhatsappView = z.infer<typeof WhatsappView>;

/** What `company-{id}-whatsappSession` carries: never keys, never the token. */
export const WhatsappSessionView = z.object({
  id: z.number(),
  name: z.string(),
  status: z.enum(connectionStatuses),
  qrcode: z.string(),
  retries: z.number(),
  updatedAt: z.string(),
});
export type WhatsappSessionView = z.infer<typeof WhatsappSessionView>;

export type WhatsappEvent =
  { action: 'update'; whatsapp: WhatsappView } | { action: 'delete'; whatsappId: number };
export type WhatsappSessionEvent = { action: 'update'; session: WhatsappSessionView };

export const whatsappRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/whatsapp',
    auth: 'user',
    query: ListWhatsappsQuery,
    summary: "The company's connections with queues and prompt",
  }),
  get: defineRoute({
    method: 'GET',
    path: '/whatsapp/:id',
    auth: 'user',
    params: idParam,
    summary: 'One connection',
  }),
  create: defineRoute({
    method: 'POST',
    path: '/whatsapp',
    auth: 'admin',
    body: CreateWhatsappInput,
    summary: 'Create a connection and start its session',
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/whatsapp/:id',
    auth: 'admin',
    params: idParam,
    body: UpdateWhatsappInput,
    summary: 'Update a connection',
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/whatsapp/:id',
    auth: 'admin',
    params: idParam,
    summary: 'Log out and delete a connection (its tickets are kept)',
  }),
};

export const whatsappSessionRoutes = {
  start: defineRoute({
    method: 'POST',
    path: '/whatsappsession/:id',
    auth: 'admin',
    params: idParam,
    summary: "Start (or restart) a connection's session",
  }),
  refresh: defineRoute({
    method: 'PUT',
    path: '/whatsappsession/:id',
    auth: 'admin',
    params: idParam,
    summary: "Wipe a connection's keys and restart it for a new QR code",
  }),
  logout: defineRoute({
    method: 'DELETE',
    path: '/whatsappsession/:id',
    auth: 'admin',
    params: idParam,
    summary: 'Log a connection out (DISCONNECTED)',
  }),
};
