import { z } from 'zod';
import { idParam, MAX_DB_INT, pageNumber, searchParam } from '../common';
import { validationMessages as m } from '../messages';
import { defineRoute } from '../route';

export const scheduleStatuses = ['PENDENTE', 'AGENDADA', 'ENVIADA', 'ERRO'] as const;
export type ScheduleStatus = (typeof scheduleStatuses)[number];

/** Attachments a schedule accepts (spec 1 section 5). */
export const scheduleMediaExtensions = ['png', 'jpg', 'jpeg'] as const;

/** Sends a schedule gets before it is given up as ERRO (server-behaviour 10.1). */
export const SCHEDULE_MAX_ATTEMPTS = 3;

/** A send more than this after `sendAt` is flagged late (the server was down when it fell due). */
export const SCHEDULE_LATE_AFTER_MS = 60_000;

/** Spec 1 section 5: "Mensagem muito curta" under 5 characters, "Obrigatório" when missing. */
const body = z
  .string({ error: m.mandatory })
  .trim()
  .min(1, { error: m.mandatory })
  .min(5, { error: m.messageTooShort })
  .max(10_000, { error: m.tooLong });

const contactId = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce
    .number({ error: m.mandatory })
    .int({ error: m.invalid })
    .positive({ error: m.invalid })
    .max(MAX_DB_INT, { error: m.invalid }),
);

/** An instant (ISO 8601 with offset, or epoch milliseconds); the form sends the user's local time as ISO. */
const sendAt = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce
    .date({ error: m.mandatory })
    .refine((d) => d.getUTCFullYear() >= 2000 && d.getUTCFullYear() < 10_000, { error: m.invalid }),
);

const timeZone = z
  .string({ error: m.invalid })
  .trim()
  .max(100, { error: m.tooLong })
  .refine(
    (tz) => {
      if (tz === '') return true;
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    },
    { error: m.invalid },
  );

export const ScheduleInput = z.object({
  body,
  contactId,
  sendAt,
  timeZone: z.preprocess((v) => v ?? undefined, timeZone.optional()),
});
export type ScheduleInput = z.infer<typeof ScheduleInput>;

/** An edit: absent fields stay; any edit sets the status back to PENDENTE. */
export const UpdateScheduleInput = z.object({
  body: body.optional(),
  contactId: contactId.optional(),
  sendAt: sendAt.optional(),
  timeZone: z.preprocess((v) => v ?? undefined, timeZone.optional()),
});
export type UpdateScheduleInput = z.infer<typeof UpdateScheduleInput>;

export const ScheduleView = z.object({
  id: z.number(),
  body: z.string(),
  contactId: z.number(),
  contact: z.object({ id: z.number(), name: z.string(), number: z.string() }),
  /** The author; null once that user is deleted. */
  userId: z.number().nullable(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  ticketId: z.number().nullable(),
  whatsappId: z.number().nullable(),
  timeZone: z.string().nullable(),
  sendAt: z.string(),
  sentAt: z.string().nullable(),
  status: z.enum(scheduleStatuses),
  /** Sent more than a minute after sendAt (it fell due while the server was down). */
  late: z.boolean(),
  attempts: z.number(),
  /** Why the last send failed, readable; null when none did. */
  lastError: z.string().nullable(),
  /** Stored file, served under `/public/{mediaPath}`; null when none. */
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  companyId: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ScheduleView = z.infer<typeof ScheduleView>;

const optionalId = z
  .preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number().int().positive().max(MAX_DB_INT).optional(),
  )
  .catch(undefined);

export const ListSchedulesQuery = z.object({
  searchParam,
  pageNumber,
  contactId: optionalId,
  userId: optionalId,
});
export type ListSchedulesQuery = z.infer<typeof ListSchedulesQuery>;

export const ListSchedulesAnswer = z.object({
  schedules: z.array(ScheduleView),
  count: z.number(),
  hasMore: z.boolean(),
});
export type ListSchedulesAnswer = z.infer<typeof ListSchedulesAnswer>;

export const scheduleRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/schedules',
    auth: 'user',
    planFlag: 'useSchedules',
    query: ListSchedulesQuery,
    summary: 'Paged scheduled messages of the company, by sendAt',
  }),
  get: defineRoute({
    method: 'GET',
    path: '/schedules/:id',
    auth: 'user',
    planFlag: 'useSchedules',
    params: idParam,
    summary: 'One scheduled message',
  }),
  create: defineRoute({
    method: 'POST',
    path: '/schedules',
    auth: 'user',
    planFlag: 'useSchedules',
    body: ScheduleInput,
    summary: 'Schedule a message to a contact (authored by the caller, PENDENTE)',
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/schedules/:id',
    auth: 'user',
    planFlag: 'useSchedules',
    params: idParam,
    body: UpdateScheduleInput,
    summary: 'Edit a scheduled message (author or admin); back to PENDENTE; refused once sent',
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/schedules/:id',
    auth: 'user',
    planFlag: 'useSchedules',
    params: idParam,
    summary: 'Delete a scheduled message (author or admin)',
  }),
  uploadMedia: defineRoute({
    method: 'POST',
    path: '/schedules/:id/media-upload',
    auth: 'user',
    planFlag: 'useSchedules',
    params: idParam,
    multipart: true,
    summary: 'Attach an image (multipart `file`: png, jpg or jpeg; author or admin)',
  }),
  removeMedia: defineRoute({
    method: 'DELETE',
    path: '/schedules/:id/media-upload',
    auth: 'user',
    planFlag: 'useSchedules',
    params: idParam,
    summary: "Remove a scheduled message's attachment (author or admin)",
  }),
};
