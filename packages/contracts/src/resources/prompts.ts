import { z } from 'zod';
import { boundedString, deletedAnswer, idParam, MAX_DB_INT } from '../common';
import { validationMessages as m } from '../messages';
import { defineRoute } from '../route';

/** The models the prompt dialog offers (spec 2 section 9). */
export const promptModels = ['gpt-3.5-turbo-1106', 'gpt-4o-mini'] as const;
export type PromptModel = (typeof promptModels)[number];

/** Spec 2 section 9: the dialog's defaults. */
export const promptDefaults = {
  model: 'gpt-3.5-turbo-1106',
  maxTokens: 100,
  temperature: 1,
  maxMessages: 10,
  queueId: 0,
} as const;

export const PROMPT_MIN_LENGTH = 50;

/** What a saved API key looks like in answers: never the key itself, only its last four characters. */
export const maskApiKey = (key: string): string => `••••••••${key.slice(-4)}`;
/** True for the masked form a browser got back: sending it unchanged keeps the stored key. */
export const isMaskedApiKey = (key: string): boolean => key.startsWith('••••••••');

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

const positiveInt = z.coerce
  .number({ error: m.required })
  .int({ error: m.invalid })
  .positive({ error: m.invalid })
  .max(MAX_DB_INT, { error: m.invalid });

/** 0 to 1 in steps of 0.1 (kept to one decimal). */
const temperature = z.coerce
  .number({ error: m.required })
  .min(0, { error: m.invalid })
  .max(1, { error: m.invalid })
  .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-9, { error: m.invalid });

/** The transfer queue: 0 (or empty) means none. */
const queueRef = z.coerce
  .number({ error: m.invalid })
  .int({ error: m.invalid })
  .min(0, { error: m.invalid })
  .max(MAX_DB_INT, { error: m.invalid });

const promptText = z
  .string({ error: m.required })
  .trim()
  .min(1, { error: m.required })
  .min(PROMPT_MIN_LENGTH, { error: m.tooShort })
  .max(20_000, { error: m.tooLong });

const apiKey = z
  .string({ error: m.required })
  .trim()
  .min(1, { error: m.required })
  .max(500, { error: m.tooLong });

const fields = {
  name: boundedString(5, 100),
  prompt: promptText,
  model: z.enum(promptModels, { error: m.invalid }),
  maxTokens: positiveInt,
  temperature,
  maxMessages: positiveInt,
  queueId: queueRef,
};

/** A new prompt (admin): the spec's defaults fill what the form leaves empty. */
export const PromptInput = z.object({
  name: fields.name,
  prompt: fields.prompt,
  apiKey,
  model: z.preprocess(emptyToUndefined, fields.model.default(promptDefaults.model)),
  maxTokens: z.preprocess(emptyToUndefined, fields.maxTokens.default(promptDefaults.maxTokens)),
  temperature: z.preprocess(emptyToUndefined, fields.temperature.default(promptDefaults.temperature)),
  maxMessages: z.preprocess(emptyToUndefined, fields.maxMessages.default(promptDefaults.maxMessages)),
  queueId: z.preprocess(emptyToUndefined, fields.queueId.default(promptDefaults.queueId)),
});
export type PromptInput = z.infer<typeof PromptInput>;

/**
 * A prompt edit (admin): absent fields stay. An empty API key, or the masked one the browser was given, keeps
 * the stored key.
 */
export const UpdatePromptInput = z.object({
  name: fields.name.optional(),
  prompt: fields.prompt.optional(),
  apiKey: z.preprocess(
    (v) => (v === '' || v === null || (typeof v === 'string' && isMaskedApiKey(v)) ? undefined : v),
    apiKey.optional(),
  ),
  model: z.preprocess(emptyToUndefined, fields.model.optional()),
  maxTokens: z.preprocess(emptyToUndefined, fields.maxTokens.optional()),
  temperature: z.preprocess(emptyToUndefined, fields.temperature.optional()),
  maxMessages: z.preprocess(emptyToUndefined, fields.maxMessages.optional()),
  queueId: z.preprocess(emptyToUndefined, fields.queueId.optional()),
});
export type UpdatePromptInput = z.infer<typeof UpdatePromptInput>;

export const PromptView = z.object({
  id: z.number(),
  name: z.string(),
  prompt: z.string(),
  model: z.string(),
  maxTokens: z.number(),
  temperature: z.number(),
  /** Masked (`••••••••` + the last four characters): the key itself never leaves the server. */
  apiKey: z.string(),
  /** The transfer queue; 0 = none. */
  queueId: z.number(),
  maxMessages: z.number(),
  queue: z.object({ id: z.number(), name: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PromptView = z.infer<typeof PromptView>;

export const ListPromptsAnswer = z.object({
  prompts: z.array(PromptView),
  count: z.number(),
  hasMore: z.boolean(),
});
export type ListPromptsAnswer = z.infer<typeof ListPromptsAnswer>;

export const DeletePromptAnswer = deletedAnswer;

export const promptRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/prompt',
    auth: 'user',
    planFlag: 'useOpenAi',
    summary: "The company's AI prompts with their transfer queue",
  }),
  get: defineRoute({
    method: 'GET',
    path: '/prompt/:id',
    auth: 'user',
    planFlag: 'useOpenAi',
    params: idParam,
    summary: 'One AI prompt',
  }),
  create: defineRoute({
    method: 'POST',
    path: '/prompt',
    auth: 'admin',
    planFlag: 'useOpenAi',
    body: PromptInput,
    summary: 'Create an AI prompt (the API key is stored encrypted)',
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/prompt/:id',
    auth: 'admin',
    planFlag: 'useOpenAi',
    params: idParam,
    body: UpdatePromptInput,
    summary: 'Edit an AI prompt',
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/prompt/:id',
    auth: 'admin',
    planFlag: 'useOpenAi',
    params: idParam,
    summary: 'Delete an AI prompt no queue or connection uses',
  }),
};
