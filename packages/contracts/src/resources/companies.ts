import { z } from 'zod';
import { boundedString, clockTime, emailField, idParam, pagedQuery } from '../common';
import { recurrences } from '../constants';
import { validationMessages as m } from '../messages';
import { defineRoute } from '../route';
import { PlanView } from './plans';
import { SettingView } from './settings';

/** An empty or invalid date is stored as null (spec 1 section 5). */
const nullableDate = z.preprocess((v) => {
  if (typeof v !== 'string' || v.trim() === '') return null;
  const date = new Date(v);
  return Number.isNaN(date.getTime()) ? null : v.slice(0, 10);
}, z.string().nullable());

const phone = z
  .string()
  .optional()
  .default('')
  .transform((v) => v.replace(/\D/g, ''))
  .refine((v) => v.length <= 11, { error: m.tooLong });

export const SignupInput = z.object({
  name: boundedString(2, 50),
  email: emailField,
  phone,
  password: z.string({ error: m.required }).min(5, { error: m.tooShort }).max(50, { error: m.tooLong }),
  planId: z.coerce.number({ error: m.required }).int().positive({ error: m.required }),
  recurrence: z.enum(recurrences).default('MENSAL'),
});
export type SignupInput = z.infer<typeof SignupInput>;

export const CompanyInput = z.object({
  name: boundedString(2, 50),
  email: emailField,
  phone,
  status: z.boolean().default(true),
  planId: z.coerce.number().int().positive().nullable().optional(),
  dueDate: nullableDate.optional(),
  recurrence: z.enum(recurrences).default('MENSAL'),
  campaignsEnabled: z.boolean().default(false),
  password: z.string().min(5, { error: m.tooShort }).max(50, { error: m.tooLong }).optional(),
});
export type CompanyInput = z.infer<typeof CompanyInput>;

export const ScheduleEntry = z.object({
  weekday: z.string().max(30),
  weekdayEn: z.enum(['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday']),
  startTime: z.union([clockTime, z.literal('')]),
  endTime: z.union([clockTime, z.literal('')]),
});
export type ScheduleEntry = z.infer<typeof ScheduleEntry>;

export const CompanyView = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  status: z.boolean(),
  planId: z.number().nullable(),
  plan: PlanView.nullable(),
  dueDate: z.string().nullable(),
  trialExpiration: z.string().nullable(),
  recurrence: z.string(),
  schedules: z.array(ScheduleEntry),
  settings: z.array(SettingView),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CompanyView = z.infer<typeof CompanyView>;

export const companyRoutes = {
  signup: defineRoute({
    method: 'POST',
    path: '/companies/cadastro',
    auth: 'public',
    body: SignupInput,
    summary: 'Sign up a company',
  }),
  list: defineRoute({
    method: 'GET',
    path: '/companies',
    auth: 'super',
    query: pagedQuery,
    summary: 'Paged companies',
  }),
  listAll: defineRoute({ method: 'GET', path: '/companies/list', auth: 'super', summary: 'Every company' }),
  get: defineRoute({
    method: 'GET',
    path: '/companies/:id',
    auth: 'user',
    params: idParam,
    summary: 'A company (own or super)',
  }),
  create: defineRoute({
    method: 'POST',
    path: '/companies',
    auth: 'super',
    body: CompanyInput,
    summary: 'Create a company',
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/companies/:id',
    auth: 'super',
    params: idParam,
    body: CompanyInput.partial(),
    summary: 'Update a company',
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/companies/:id',
    auth: 'super',
    params: idParam,
    summary: 'Delete a company',
  }),
  updateSchedules: defineRoute({
    method: 'PUT',
    path: '/companies/:id/schedules',
    auth: 'admin',
    params: idParam,
    body: z.object({ schedules: z.array(ScheduleEntry).max(7) }),
    summary: "Set the company's weekly hours",
  }),
  listPlan: defineRoute({
    method: 'GET',
    path: '/companies/listPlan/:id',
    auth: 'user',
    params: idParam,
    allowBlockedCompany: true,
    summary: 'A company with its plan',
  }),
};
