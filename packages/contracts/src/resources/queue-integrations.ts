import { z } from 'zod';
import { boundedString, deletedAnswer, idParam, MAX_DB_INT, pagedQuery } from '../common';
import { validationMessages as m } from '../messages';
import { defineRoute } from '../route';

export const integrationTypes = ['dialogflow', 'n8n', 'webhook', 'typebot'] as const;
export type IntegrationType = (typeof integrationTypes)[number];

export const dialogflowLanguages = ['pt-BR', 'en', 'es'] as const;

/** Spec 2 section 9: Typebot defaults. */
export const typebotDefaults = { typebotDelayMessage: 1000, typebotExpires: 1 } as const;

/** Stands for the service account's private key in answers: sending it back unchanged keeps the stored key. */
export const MASKED_PRIVATE_KEY = '••••••••';

/** Types whose project name is the integration's name (server-behaviour 15). */
export const namedAsProject = (type: IntegrationType): boolean => type !== 'dialogflow';

const text = (max: number) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? '' : v),
    z.string().trim().max(max, { error: m.tooLong }),
  );

const nonNegativeInt = (fallback: number) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? fallback : v),
    z.coerce
      .number({ error: m.invalid })
      .int({ error: m.invalid })
      .min(0, { error: m.invalid })
      .max(MAX_DB_INT),
  );

const isHttpUrl = (v: string): boolean => {
  try {
    const url = new URL(v);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

const isJson = (v: string): boolean => {
  try {
    return typeof JSON.parse(v) === 'object';
  } catch {
    return false;
  }
};

/** Every field of the dialog; a type uses its own (spec 2 section 2). */
export const QueueIntegrationInput = z
  .object({
    type: z.enum(integrationTypes, { error: m.required }),
    name: boundedString(2, 50),
    projectName: text(200),
    jsonContent: text(20_000),
    language: text(10),
    urlN8N: text(2000),
    typebotSlug: text(200),
    typebotExpires: nonNegativeInt(typebotDefaults.typebotExpires),
    typebotKeywordFinish: text(100),
    typebotKeywordRestart: text(100),
    typebotUnknownMessage: text(2000),
    typebotRestartMessage: text(2000),
    typebotDelayMessage: nonNegativeInt(typebotDefaults.typebotDelayMessage),
  })
  .superRefine((v, ctx) => {
    const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.type === 'dialogflow') {
      if (!(dialogflowLanguages as readonly string[]).includes(v.language)) fail('language', m.required);
      if (v.jsonContent === '') fail('jsonContent', m.required);
      else if (!isJson(v.jsonContent)) fail('jsonContent', m.invalid);
      return;
    }
    if (v.urlN8N === '') fail('urlN8N', m.required);
    else if (!isHttpUrl(v.urlN8N)) fail('urlN8N', m.invalid);
    if (v.type === 'typebot' && v.typebotSlug === '') fail('typebotSlug', m.required);
  });
export type QueueIntegrationInput = z.infer<typeof QueueIntegrationInput>;

export const QueueIntegrationView = z.object({
  id: z.number(),
  type: z.enum(integrationTypes),
  name: z.string(),
  projectName: z.string(),
  /** The service-account JSON with its private key masked. */
  jsonContent: z.string(),
  language: z.string(),
  urlN8N: z.string(),
  typebotSlug: z.string(),
  typebotExpires: z.number(),
  typebotKeywordFinish: z.string(),
  typebotKeywordRestart: z.string(),
  typebotUnknownMessage: z.string(),
  typebotRestartMessage: z.string(),
  typebotDelayMessage: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type QueueIntegrationView = z.infer<typeof QueueIntegrationView>;

export const ListQueueIntegrationsAnswer = z.object({
  queueIntegrations: z.array(QueueIntegrationView),
  count: z.number(),
  hasMore: z.boolean(),
});
export type ListQueueIntegrationsAnswer = z.infer<typeof ListQueueIntegrationsAnswer>;

/** One detect-intent ("Olá") in a throwaway session with the dialog's credentials. */
export const TestSessionInput = z.object({
  projectName: z.string({ error: m.required }).trim().min(1, { error: m.required }).max(200),
  jsonContent: z
    .string({ error: m.required })
    .trim()
    .min(1, { error: m.required })
    .refine(isJson, { error: m.invalid }),
  language: z.enum(dialogflowLanguages, { error: m.required }),
  /** The integration being edited: its stored private key stands in for a masked one. */
  id: z.coerce.number().int().positive().max(MAX_DB_INT).optional(),
});
export type TestSessionInput = z.infer<typeof TestSessionInput>;

export const TestSessionAnswer = z.object({ message: z.string(), reply: z.array(z.string()) });
export type TestSessionAnswer = z.infer<typeof TestSessionAnswer>;

export const DeleteQueueIntegrationAnswer = deletedAnswer;

export const queueIntegrationRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/queueIntegration',
    auth: 'user',
    planFlag: 'useIntegrations',
    query: pagedQuery,
    summary: "A page of the company's queue integrations matching searchParam",
  }),
  get: defineRoute({
    method: 'GET',
    path: '/queueIntegration/:id',
    auth: 'user',
    planFlag: 'useIntegrations',
    params: idParam,
    summary: 'One queue integration',
  }),
  create: defineRoute({
    method: 'POST',
    path: '/queueIntegration',
    auth: 'admin',
    planFlag: 'useIntegrations',
    body: QueueIntegrationInput,
    summary: 'Create a queue integration',
  }),
  testSession: defineRoute({
    method: 'POST',
    path: '/queueIntegration/testSession',
    auth: 'admin',
    planFlag: 'useIntegrations',
    body: TestSessionInput,
    summary: 'Run one Dialogflow detect-intent in a throwaway session',
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/queueIntegration/:id',
    auth: 'admin',
    planFlag: 'useIntegrations',
    params: idParam,
    body: QueueIntegrationInput,
    summary: 'Edit a queue integration',
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/queueIntegration/:id',
    auth: 'admin',
    planFlag: 'useIntegrations',
    params: idParam,
    summary: 'Delete a queue integration no queue or connection uses',
  }),
};
