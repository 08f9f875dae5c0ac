import { z } from 'zod';
import { abilities } from '../abilities';
import { emailField } from '../common';
import { validationMessages as m } from '../messages';
import { defineRoute } from '../route';
import { PlanView } from './plans';
import { QueueRef } from './users';
import { SettingView } from './settings';

export const LoginInput = z.object({
  email: emailField,
  password: z.string({ error: m.required }).min(1, { error: m.required }).max(200),
});
export type LoginInput = z.infer<typeof LoginInput>;

export const SessionUser = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  profile: z.enum(['admin', 'supervisor', 'user']),
  super: z.boolean(),
  companyId: z.number(),
  allTicket: z.enum(['enabled', 'desabled']),
  whatsappId: z.number().nullable(),
  timeZone: z.string(),
  language: z.string().nullable(),
  queues: z.array(QueueRef),
  /** What the user may do (abilitiesOf): the web app shows and hides by these, never by profile. */
  abilities: z.array(z.enum(abilities)),
  company: z.object({
    id: z.number(),
    name: z.string(),
    dueDate: z.string().nullable(),
    trialExpiration: z.string().nullable(),
    settings: z.array(SettingView),
    plan: PlanView.nullable(),
  }),
});
export type SessionUser = z.infer<typeof SessionUser>;

export const SessionAnswer = z.object({ token: z.string(), user: SessionUser });
export type SessionAnswer = z.infer<typeof SessionAnswer>;

const strongPassword = z
  .string({ error: m.required })
  .min(8, { error: m.passwordRule })
  .max(100, { error: m.tooLong })
  .regex(/\d/, { error: m.passwordRule })
  .regex(/[a-z]/, { error: m.passwordRule })
  .regex(/[A-Z]/, { error: m.passwordRule });

export const ResetPasswordInput = z.object({
  email: emailField,
  token: z.string({ error: m.required }).trim().min(1, { error: m.required }).max(100),
  newPassword: strongPassword,
});
export type ResetPasswordInput = z.infer<typeof ResetPasswordInput>;

export const authRoutes = {
  login: defineRoute({
    method: 'POST',
    path: '/auth/login',
    auth: 'public',
    body: LoginInput,
    summary: 'Log in; sets the refresh cookie jrt',
  }),
  refresh: defineRoute({
    method: 'POST',
    path: '/auth/refresh_token',
    auth: 'public',
    summary: 'New access token from the jrt cookie (rotated)',
  }),
  logout: defineRoute({
    method: 'DELETE',
    path: '/auth/logout',
    auth: 'user',
    allowBlockedCompany: true,
    summary: 'Log out',
  }),
  me: defineRoute({
    method: 'GET',
    path: '/auth/me',
    auth: 'user',
    allowBlockedCompany: true,
    summary: 'The caller',
  }),
  version: defineRoute({ method: 'GET', path: '/version', auth: 'public', summary: 'Server version' }),
  forgotPassword: defineRoute({
    method: 'POST',
    path: '/forgetpassword/:email',
    auth: 'public',
    params: z.object({ email: emailField }),
    summary: 'E-mail a password reset code',
  }),
  resetPassword: defineRoute({
    method: 'POST',
    path: '/resetpasswords',
    auth: 'public',
    body: ResetPasswordInput,
    summary: 'Reset a password with the e-mailed code',
  }),
  resetPasswordInPath: defineRoute({
    method: 'POST',
    path: '/resetpasswords/:email/:token/:newPassword',
    auth: 'public',
    params: ResetPasswordInput,
    summary: 'Reset a password (path form of the spec)',
  }),
};
