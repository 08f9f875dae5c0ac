import { z } from 'zod';
import { boundedString, emailField, idList, idParam, nullableId, optionalId, pagedQuery } from '../common';
import { allTicketValues, languages, profiles, timeZones } from '../constants';
import { validationMessages as m } from '../messages';
import { defineRoute } from '../route';

const password = z.string({ error: m.required }).min(5, { error: m.tooShort }).max(50, { error: m.tooLong });
/** The default connection: the user form sends "", 0 or false for "none". */
const whatsappId = nullableId.optional();

export const CreateUserInput = z.object({
  name: boundedString(2, 50),
  email: emailField,
  password,
  profile: z.enum(profiles).default('user'),
  allTicket: z.enum(allTicketValues).default('desabled'),
  timeZone: z.enum(timeZones, { error: m.invalid }).default('UTC'),
  whatsappId,
  queueIds: z.preprocess((v) => v ?? undefined, idList.default([])),
  /** Accepted only from a super user creating a user in another company. */
  companyId: optionalId,
});
export type CreateUserInput = z.infer<typeof CreateUserInput>;

export const UpdateUserInput = z.object({
  name: boundedString(2, 50).optional(),
  email: emailField.optional(),
  password: z.preprocess((v) => (v === '' || v === null ? undefined : v), password.optional()),
  profile: z.enum(profiles).optional(),
  allTicket: z.enum(allTicketValues).optional(),
  timeZone: z.enum(timeZones, { error: m.invalid }).optional(),
  language: z.enum(languages).optional(),
  whatsappId,
  queueIds: z.preprocess((v) => v ?? undefined, idList.optional()),
});
export type UpdateUserInput = z.infer<typeof UpdateUserInput>;

export const QueueRef = z.object({ id: z.number(), name: z.string(), color: z.string() });

export const UserView = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  profile: z.enum(profiles),
  super: z.boolean(),
  companyId: z.number(),
  allTicket: z.enum(allTicketValues),
  whatsappId: z.number().nullable(),
  whatsapp: z.object({ id: z.number(), name: z.string() }).nullable(),
  timeZone: z.string(),
  language: z.string().nullable(),
  online: z.boolean(),
  queues: z.array(QueueRef),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UserView = z.infer<typeof UserView>;

export const ListUsersAnswer = z.object({
  users: z.array(UserView),
  count: z.number(),
  hasMore: z.boolean(),
});

export const userRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/users',
    auth: 'user',
    query: pagedQuery,
    summary: 'Paged users of the company',
  }),
  listAll: defineRoute({
    method: 'GET',
    path: '/users/list',
    auth: 'user',
    query: z.object({ companyId: optionalId.catch(undefined) }),
    summary: 'Every user of the company',
  }),
  get: defineRoute({ method: 'GET', path: '/users/:id', auth: 'user', params: idParam, summary: 'One user' }),
  create: defineRoute({
    method: 'POST',
    path: '/users',
    auth: 'admin',
    body: CreateUserInput,
    summary: 'Create a user',
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/users/:id',
    auth: 'user',
    params: idParam,
    body: UpdateUserInput,
    summary: 'Update a user (admins: any of the company; others: themselves)',
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/users/:id',
    auth: 'admin',
    params: idParam,
    summary: 'Delete a user',
  }),
  setLanguage: defineRoute({
    method: 'POST',
    path: '/users/set-language/:lang',
    auth: 'user',
    params: z.object({ lang: z.enum(languages) }),
    summary: "Store the caller's interface language",
  }),
};
