import { z } from 'zod';
import { idParam, pagedQuery } from '../common';
import { validationMessages as m } from '../messages';
import { defineRoute } from '../route';

export const HelpInput = z.object({
  title: z.string({ error: m.required }).trim().min(1, { error: m.required }).max(200, { error: m.tooLong }),
  description: z.string().max(5000, { error: m.tooLong }).optional().default(''),
  video: z.string().trim().max(200, { error: m.tooLong }).optional().default(''),
});
export type HelpInput = z.infer<typeof HelpInput>;

export const HelpView = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  video: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type HelpView = z.infer<typeof HelpView>;

export const helpRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/helps',
    auth: 'user',
    query: pagedQuery,
    summary: 'Help videos (paged)',
  }),
  listAll: defineRoute({ method: 'GET', path: '/helps/list', auth: 'user', summary: 'Every help video' }),
  get: defineRoute({
    method: 'GET',
    path: '/helps/:id',
    auth: 'user',
    params: idParam,
    summary: 'One help video',
  }),
  create: defineRoute({
    method: 'POST',
    path: '/helps',
    auth: 'super',
    body: HelpInput,
    summary: 'Add a help video',
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/helps/:id',
    auth: 'super',
    params: idParam,
    body: HelpInput.partial(),
    summary: 'Edit a help video',
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/helps/:id',
    auth: 'super',
    params: idParam,
    summary: 'Delete a help video',
  }),
};
