import { z } from 'zod';
import { idParam, pagedQuery } from '../common';
import { validationMessages as m } from '../messages';
import { defineRoute } from '../route';

export const DEFAULT_ANNOUNCEMENT_PRIORITY = 3;
/** Image types the announcement attachment takes (spec 2 section 5). */
export const announcementImageExtensions = ['png', 'jpg', 'jpeg'] as const;

const title = z
  .string({ error: m.required })
  .trim()
  .min(1, { error: m.required })
  .max(200, { error: m.tooLong });
const text = z
  .string({ error: m.required })
  .trim()
  .min(1, { error: m.required })
  .max(10_000, { error: m.tooLong });
/** 1 high, 2 medium, 3 low. */
const priority = z.coerce
  .number({ error: m.invalid })
  .int({ error: m.invalid })
  .min(1, { error: m.invalid })
  .max(3, { error: m.invalid });
const status = z.preprocess(
  (v) => (v === 'true' || v === 1 || v === '1' ? true : v === 'false' || v === 0 || v === '0' ? false : v),
  z.boolean({ error: m.invalid }),
);
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A new announcement (super user): title and text required; priority 3 and active by default. */
export const AnnouncementInput = z.object({
  title,
  text,
  priority: z.preprocess(blankToUndefined, priority.default(DEFAULT_ANNOUNCEMENT_PRIORITY)),
  status: z.preprocess(blankToUndefined, status.default(true)),
});
export type AnnouncementInput = z.infer<typeof AnnouncementInput>;

/** An announcement edit: absent fields stay. */
export const UpdateAnnouncementInput = z.object({
  title: title.optional(),
  text: text.optional(),
  priority: z.preprocess(blankToUndefined, priority.optional()),
  status: z.preprocess(blankToUndefined, status.optional()),
});
export type UpdateAnnouncementInput = z.infer<typeof UpdateAnnouncementInput>;

export const AnnouncementView = z.object({
  id: z.number(),
  title: z.string(),
  text: z.string(),
  priority: z.number(),
  status: z.boolean(),
  /** Under `/public/`, or null without an image. */
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AnnouncementView = z.infer<typeof AnnouncementView>;

/** Active ones for everyone, every one for a super user; by priority, then newest. */
export const ListAnnouncementsAnswer = z.object({
  records: z.array(AnnouncementView),
  count: z.number(),
  hasMore: z.boolean(),
});
export type ListAnnouncementsAnswer = z.infer<typeof ListAnnouncementsAnswer>;

export type AnnouncementEvent =
  { action: 'create' | 'update'; record: AnnouncementView } | { action: 'delete'; id: number };

export const announcementRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/announcements',
    auth: 'user',
    query: pagedQuery,
    summary: 'Announcements by priority then newest: the active ones (every one for a super user)',
  }),
  get: defineRoute({
    method: 'GET',
    path: '/announcements/:id',
    auth: 'user',
    params: idParam,
    summary: 'One announcement (an inactive one for a super user only)',
  }),
  create: defineRoute({
    method: 'POST',
    path: '/announcements',
    auth: 'super',
    body: AnnouncementInput,
    summary: 'Publish an announcement to every company',
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/announcements/:id',
    auth: 'super',
    params: idParam,
    body: UpdateAnnouncementInput,
    summary: 'Edit an announcement',
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/announcements/:id',
    auth: 'super',
    params: idParam,
    summary: 'Delete an announcement and its image',
  }),
  uploadMedia: defineRoute({
    method: 'POST',
    path: '/announcements/:id/media-upload',
    auth: 'super',
    params: idParam,
    multipart: true,
    summary: 'Attach an image (multipart `file`: png, jpg or jpeg)',
  }),
  removeMedia: defineRoute({
    method: 'DELETE',
    path: '/announcements/:id/media-upload',
    auth: 'super',
    params: idParam,
    summary: "Remove an announcement's image",
  }),
};
