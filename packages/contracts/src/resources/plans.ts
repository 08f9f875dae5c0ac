import { z } from 'zod';
import { boundedString, idParam, pagedQuery } from '../common';
import { defineRoute } from '../route';

const limit = z.coerce.number().int().min(0, { error: 'Must be 0 (unlimited) or more' });
const flag = z.boolean().default(true);

export const PlanInput = z.object({
  name: boundedString(2, 50),
  users: limit.default(0),
  connections: limit.default(0),
  queues: limit.default(0),
  value: z.coerce.number().min(0).default(0),
  useCampaigns: flag,
  useKanban: flag,
  useOpenAi: flag,
  useIntegrations: flag,
  useSchedules: flag,
  useInternalChat: flag,
  useExternalApi: flag,
});
export type PlanInput = z.infer<typeof PlanInput>;

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
    body: PlanInput.partial(),
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
