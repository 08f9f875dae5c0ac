import { z } from 'zod';
import { boundedString, idParam, looseBoolean, MAX_DB_INT, pagedQuery } from '../common';
import { validationMessages as m } from '../messages';
import { defineRoute } from '../route';

const limit = z.coerce
  .number({ error: m.invalid })
  .int({ error: m.invalid })
  .min(0, { error: 'Must be 0 (unlimited) or more' })
  .max(MAX_DB_INT, { error: m.invalid });
/** Stored as numeric(12,2). */
const value = z.coerce.number({ error: m.invalid }).min(0, { error: m.invalid }).max(9_999_999_999.99, {
  error: m.invalid,
});

/** Plan fields without defaults: the shape of an edit, where absent fields stay as they are. */
const planFields = {
  name: boundedString(2, 50),
  users: limit,
  connections: limit,
  queues: limit,
  value,
  useCampaigns: looseBoolean,
  useKanban: looseBoolean,
  useOpenAi: looseBoolean,
  useIntegrations: looseBoolean,
  useSchedules: looseBoolean,
  useInternalChat: looseBoolean,
  useExternalApi: looseBoolean,
};

/** A new plan: limits default to 0 (unlimited), value to 0 and every feature flag to true. */
export const PlanInput = z.object({
  ...planFields,
  users: limit.default(0),
  connections: limit.default(0),
  queues: limit.default(0),
  value: value.default(0),
  useCampaigns: looseBoolean.default(true),
  useKanban: looseBoolean.default(true),
  useOpenAi: looseBoolean.default(true),
  useIntegrations: looseBoolean.default(true),
  useSchedules: looseBoolean.default(true),
  useInternalChat: looseBoolean.default(true),
  useExternalApi: looseBoolean.default(true),
});
export type PlanInput = z.infer<typeof PlanInput>;

export const UpdatePlanInput = z.object(planFields).partial();
export type UpdatePlanInput = z.infer<typeof UpdatePlanInput>;

export const PlanView = z.object({
  id: z.number(),
  name: z.string(),
  users: z.number(),
  connections: z.number(),
  queues: z.number(),
  value: z.number(),
  useCampaigns: z.boolean(),
  useKanban: z.boolean(),
  useOpenAi: z.boolean(),
  useIntegrations: z.boolean(),
  useSchedules: z.boolean(),
  useInternalChat: z.boolean(),
  useExternalApi: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PlanView = z.infer<typeof PlanView>;

export const ListPlansAnswer = z.object({
  plans: z.array(PlanView),
  count: z.number(),
  hasMore: z.boolean(),
});
export type ListPlansAnswer = z.infer<typeof ListPlansAnswer>;

export const planRoutes = {
  listPublic: defineRoute({
    method: 'GET',
    path: '/plans/list',
    auth: 'public',
    summary: 'Plans offered at sign-up',
  }),
  all: defineRoute({ method: 'GET', path: '/plans/all', auth: 'public', summary: 'Every plan' }),
  list: defineRoute({
    method: 'GET',
    path: '/plans',
    auth: 'user',
    query: pagedQuery,
    summary: 'Paged plans',
  }),
  get: defineRoute({ method: 'GET', path: '/plans/:id', auth: 'user', params: idParam, summary: 'One plan' }),
  create: defineRoute({
    method: 'POST',
    path: '/plans',
    auth: 'super',
    body: PlanInput,
    summary: 'Create a plan',
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/plans/:id',
    auth: 'super',
    params: idParam,
    body: UpdatePlanInput,
    summary: 'Update a plan',
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/plans/:id',
    auth: 'super',
    params: idParam,
    summary: 'Delete an unused plan',
  }),
};
