import { z } from 'zod';
import { idParam, pagedQuery } from '../common';
import { validationMessages as m } from '../messages';
import { defineRoute } from '../route';

const title = z
  .string({ error: m.required })
  .trim()
  .min(1, { error: m.required })
  .max(200, { error: m.tooLong });
const description = z.string({ error: m.invalid }).max(5000, { error: m.tooLong });
/** The video's identifier on the hosting service (or its address). */
const video = z.string({ error: m.invalid }).trim().max(200, { error: m.tooLong });

export const HelpInput = z.object({
  title,
  description: z.preprocess((v) => v ?? undefined, description.default('')),
  video: z.preprocess((v) => v ?? undefined, video.default('')),
});
export type HelpInput = z.infer<typeof HelpInput>;

/** A help edit: absent fields stay as they are. */
export const UpdateHelpInput = z.object({
  title: title.optional(),
  description: z.preprocess((v) => v ?? undefined, description.optional()),
  video: z.preprocess((v) => v ?? undefined, video.optional()),
});
export type UpdateHelpInput = z.infer<typeof UpdateHelpInput>;

export const HelpView = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  video: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type HelpView = z.infer<typeof HelpView>;

/** `GET /helps` answers its page under `records` (server-behaviour 15). */
export const ListHelpsAnswer = z.object({
  records: z.array(HelpView),
  count: z.number(),
  hasMore: z.boolean(),
});
export type ListHelpsAnswer = z.infer<typeof ListHelpsAnswer>;

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
    body: UpdateHelpInput,
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
