import { z } from 'zod';
import {
  boundedString,
  calendarDay,
  clockTime,
  emailField,
  idNumber,
  idParam,
  requiredId,
  looseBoolean,
  pagedQuery,
  phoneDigits,
} from '../common';
import { recurrences } from '../constants';
import { validationMessages as m } from '../messages';
import { defineRoute } from '../route';
import { PlanView } from './plans';
import { SettingView } from './settings';

/** Forms send "" or null for "not chosen"; both mean absent. */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** An empty or invalid date is stored as null (spec 1 section 5). */
const nullableDate = z.preprocess((v) => {
  if (typeof v !== 'string') return null;
  // yyyy-MM-dd, possibly followed by a time; any other text, or a day that does not exist, is no date.
  const day = v.trim().slice(0, 10);
  return calendarDay.safeParse(day).success ? day : null;
}, z.string().nullable());

/** The masked phone keeps its digits only: 11 at most. */
const phone = z.preprocess(
  (v) => (v === null || v === undefined ? '' : v),
  z
    .string({ error: m.invalid })
    .transform((v) => v.replace(/\D/g, ''))
    .refine((v) => v.length <= 11, { error: m.tooLong }),
);

const password = z.string({ error: m.required }).min(5, { error: m.tooShort }).max(50, { error: m.tooLong });

const recurrence = z.enum(recurrences, { error: m.invalid });

const planId = idNumber;

/** Sign-up (server-behaviour 2.2): dueDate, status and campaignsEnabled from the client are dropped. */
export const SignupInput = z.object({
  name: boundedString(2, 50),
  email: emailField,
  /** Required here (the sign-up form's masked phone), in any usual format, kept as 11 digits at most. */
  phone: phoneDigits(1, 11),
  password,
  /** Required: a plan's id, as a number or its digits; anything else is refused. */
  planId: z.preprocess(blankToUndefined, requiredId),
  recurrence: z.preprocess(blankToUndefined, recurrence.default('MENSAL')),
});
export type SignupInput = z.infer<typeof SignupInput>;

/** The super user's company form. */
export const CompanyInput = z.object({
  name: boundedString(2, 50),
  email: emailField,
  phone,
  status: looseBoolean.default(true),
  /** null (or "") = no plan. */
  planId: z.preprocess((v) => (v === '' ? null : v), planId.nullable().default(null)),
  dueDate: nullableDate.optional(),
  recurrence: z.preprocess(blankToUndefined, recurrence.default('MENSAL')),
  /** Stored as the company setting `campaignsEnabled`; absent = the default setting. */
  campaignsEnabled: z.preprocess(blankToUndefined, looseBoolean.optional()),
  /** The new admin user's password; random when absent. */
  password: z.preprocess(blankToUndefined, password.optional()),
});
export type CompanyInput = z.infer<typeof CompanyInput>;

/** A company edit: absent fields stay as they are (no defaults here on purpose). */
export const UpdateCompanyInput = z.object({
  name: boundedString(2, 50).optional(),
  email: emailField.optional(),
  phone: phone.optional(),
  status: looseBoolean.optional(),
  planId: z.preprocess((v) => (v === '' ? null : v), planId.nullable().optional()),
  dueDate: nullableDate.optional(),
  recurrence: z.preprocess(blankToUndefined, recurrence.optional()),
  campaignsEnabled: z.preprocess(blankToUndefined, looseBoolean.optional()),
  /** Replaces the password of the company's admin user (the one with the company e-mail). */
  password: z.preprocess(blankToUndefined, password.optional()),
});
export type UpdateCompanyInput = z.infer<typeof UpdateCompanyInput>;

export const ScheduleEntry = z.object({
  weekday: z.string().max(30),
  weekdayEn: z.enum(['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'], {
    error: m.invalid,
  }),
  startTime: z.union([clockTime, z.literal('')], { error: m.timeFormat }),
  endTime: z.union([clockTime, z.literal('')], { error: m.timeFormat }),
});
export type ScheduleEntry = z.infer<typeof ScheduleEntry>;

export const UpdateCompanySchedulesInput = z.object({ schedules: z.array(ScheduleEntry).max(7) });

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

export const ListCompaniesAnswer = z.object({
  companies: z.array(CompanyView),
  count: z.number(),
  hasMore: z.boolean(),
});
export type ListCompaniesAnswer = z.infer<typeof ListCompaniesAnswer>;

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
    body: UpdateCompanyInput,
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
    body: UpdateCompanySchedulesInput,
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
