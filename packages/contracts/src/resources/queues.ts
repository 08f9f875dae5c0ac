import { z } from 'zod';
import {
  boundedString,
  idNumber,
  idParam,
  MAX_DB_INT,
  nullableId,
  numericText,
  wholeNumber,
} from '../common';
import { validationMessages as m } from '../messages';
import { defineRoute } from '../route';
import { ScheduleEntry } from './companies';

/** Forms send "" (or null) for an empty optional field. */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

const positiveId = idNumber;

/** A link that may be unset: "", 0, false and null all mean none (the form's "none" option). */
const linkId = nullableId;

/** `#` and 3 to 8 hex digits (#rgb, #rgba, #rrggbb, #rrggbbaa); 3 to 9 characters as the form says. */
export const queueColor = z
  .string({ error: m.required })
  .trim()
  .min(1, { error: m.required })
  .min(3, { error: m.tooShort })
  .max(9, { error: m.tooLong })
  .regex(/^#[0-9A-Fa-f]{3,8}$/, { error: m.invalid });

const orderNumber = wholeNumber.nullable();
const emptyToNull = (v: unknown) => (v === '' ? null : v);

const longText = z.string({ error: m.invalid }).max(10_000, { error: m.tooLong });
/** null from a form means "nothing written". */
const nullToUndefined = (v: unknown) => v ?? undefined;

const schedules = z
  .array(ScheduleEntry, { error: m.invalid })
  .max(7, { error: m.tooLong })
  .refine((entries) => new Set(entries.map((e) => e.weekdayEn)).size === entries.length, {
    error: 'Each weekday at most once',
  });

/** Spec 2 section 9: Monday to Friday 08:00-18:00, Saturday 08:00-12:00, Sunday 00:00-00:00. */
export const defaultQueueSchedules: ScheduleEntry[] = [
  { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Terça-feira', weekdayEn: 'tuesday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Quarta-feira', weekdayEn: 'wednesday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Quinta-feira', weekdayEn: 'thursday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Sexta-feira', weekdayEn: 'friday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Sábado', weekdayEn: 'saturday', startTime: '08:00', endTime: '12:00' },
  { weekday: 'Domingo', weekdayEn: 'sunday', startTime: '00:00', endTime: '00:00' },
];

/** Queue fields without defaults: the shape of an edit, where absent fields stay as they are. */
const queueFields = {
  name: boundedString(2, 50).optional(),
  color: queueColor.optional(),
  orderQueue: z.preprocess(emptyToNull, orderNumber.optional()),
  greetingMessage: z.preprocess(nullToUndefined, longText.optional()),
  outOfHoursMessage: z.preprocess(nullToUndefined, longText.optional()),
  schedules: z.preprocess(nullToUndefined, schedules.optional()),
  promptId: linkId.optional(),
  integrationId: linkId.optional(),
};

/** A new queue: messages default to "", schedules to the default week, order and links to none. */
export const QueueInput = z.object({
  name: boundedString(2, 50),
  color: queueColor,
  orderQueue: z.preprocess(emptyToNull, orderNumber.default(null)),
  greetingMessage: z.preprocess(nullToUndefined, longText.default('')),
  outOfHoursMessage: z.preprocess(nullToUndefined, longText.default('')),
  schedules: z.preprocess(nullToUndefined, schedules.default(defaultQueueSchedules)),
  promptId: linkId.default(null),
  integrationId: linkId.default(null),
});
export type QueueInput = z.infer<typeof QueueInput>;

export const UpdateQueueInput = z.object(queueFields);
export type UpdateQueueInput = z.infer<typeof UpdateQueueInput>;

export const QueueView = z.object({
  id: z.number(),
  companyId: z.number(),
  name: z.string(),
  color: z.string(),
  orderQueue: z.number().nullable(),
  greetingMessage: z.string(),
  outOfHoursMessage: z.string(),
  schedules: z.array(ScheduleEntry),
  promptId: z.number().nullable(),
  integrationId: z.number().nullable(),
  /** Stored file (under `/public/`) sent after the greeting; null when none. */
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type QueueView = z.infer<typeof QueueView>;

/** `GET /queue`: a super user may name another company; everyone else gets their own. */
export const ListQueuesQuery = z.object({
  companyId: z.preprocess(blankToUndefined, positiveId.optional()).catch(undefined),
});

/**
 * A queue option's ordinal: what the customer types to choose it, so a positive whole number (1, 2, 3 …), sent as
 * a number or as its digits and stored as text.
 */
const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

export const optionOrdinal = z.preprocess(
  numericText,
  z
    .number({ error: (issue) => (isBlank(issue.input) ? m.required : m.invalid) })
    .int({ error: m.invalid })
    .positive({ error: m.invalid })
    .max(999_999, { error: m.invalid })
    .transform(String),
);

const optionTitle = z
  .string({ error: m.required })
  .trim()
  .min(1, { error: m.required })
  .max(200, { error: m.tooLong });

/** "", null, 0 and -1 all mean a root option (no parent). */
const rootToNull = (v: unknown) => (v === '' || v === 0 || v === '0' || v === -1 || v === '-1' ? null : v);

/** A new chatbot option of a queue (under `parentId`, or at the root). */
export const QueueOptionInput = z.object({
  title: optionTitle,
  message: z.preprocess(nullToUndefined, longText.default('')),
  option: optionOrdinal,
  queueId: positiveId,
  parentId: z.preprocess(rootToNull, positiveId.nullable().default(null)),
});
export type QueueOptionInput = z.infer<typeof QueueOptionInput>;

/** An option edit: an option stays in its queue and under its parent, so those are not read here. */
export const UpdateQueueOptionInput = z.object({
  title: optionTitle.optional(),
  message: z.preprocess(nullToUndefined, longText.optional()),
  option: optionOrdinal.optional(),
});
export type UpdateQueueOptionInput = z.infer<typeof UpdateQueueOptionInput>;

/** `GET /queue-options?queueId&parentId`: parentId -1 = root options; absent = every level. */
export const ListQueueOptionsQuery = z.object({
  queueId: z.preprocess(blankToUndefined, positiveId.optional()),
  parentId: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: m.invalid })
      .int({ error: m.invalid })
      .min(-1, { error: m.invalid })
      .max(MAX_DB_INT, { error: m.invalid })
      .refine((v) => v !== 0, { error: m.invalid })
      .optional(),
  ),
});
export type ListQueueOptionsQuery = z.infer<typeof ListQueueOptionsQuery>;

export const QueueOptionView = z.object({
  id: z.number(),
  title: z.string(),
  message: z.string(),
  option: z.string(),
  queueId: z.number(),
  parentId: z.number().nullable(),
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type QueueOptionView = z.infer<typeof QueueOptionView>;

/** An option with its direct children (ordered by `option`). */
export const QueueOptionWithChildren = QueueOptionView.extend({ children: z.array(QueueOptionView) });
export type QueueOptionWithChildren = z.infer<typeof QueueOptionWithChildren>;

export const queueRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/queue',
    auth: 'user',
    query: ListQueuesQuery,
    summary: 'Every queue of the company, by orderQueue then name',
  }),
  get: defineRoute({
    method: 'GET',
    path: '/queue/:id',
    auth: 'user',
    params: idParam,
    summary: 'One queue',
  }),
  create: defineRoute({
    method: 'POST',
    path: '/queue',
    auth: 'admin',
    body: QueueInput,
    summary: 'Create a queue (within the plan limit)',
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/queue/:id',
    auth: 'admin',
    params: idParam,
    body: UpdateQueueInput,
    summary: 'Update a queue',
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/queue/:id',
    auth: 'admin',
    params: idParam,
    summary: 'Delete a queue (cleared from tickets, users and connections)',
  }),
  uploadMedia: defineRoute({
    method: 'POST',
    path: '/queue/:id/media-upload',
    auth: 'admin',
    params: idParam,
    multipart: true,
    summary: 'Attach the media sent after the queue greeting (multipart `file`)',
  }),
  removeMedia: defineRoute({
    method: 'DELETE',
    path: '/queue/:id/media-upload',
    auth: 'admin',
    params: idParam,
    summary: "Remove the queue's media",
  }),
};

export const queueOptionRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/queue-options',
    auth: 'user',
    query: ListQueueOptionsQuery,
    summary: 'Chatbot options of a queue level, by option',
  }),
  get: defineRoute({
    method: 'GET',
    path: '/queue-options/:id',
    auth: 'user',
    params: idParam,
    summary: 'One chatbot option with its children',
  }),
  create: defineRoute({
    method: 'POST',
    path: '/queue-options',
    auth: 'admin',
    body: QueueOptionInput,
    summary: 'Add a chatbot option',
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/queue-options/:id',
    auth: 'admin',
    params: idParam,
    body: UpdateQueueOptionInput,
    summary: 'Edit a chatbot option (the client renumbers siblings with this)',
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/queue-options/:id',
    auth: 'admin',
    params: idParam,
    summary: 'Delete a chatbot option and its children',
  }),
  uploadMedia: defineRoute({
    method: 'POST',
    path: '/queue-options/:id/media-upload',
    auth: 'admin',
    params: idParam,
    multipart: true,
    summary: "Attach a file sent with the option's message (multipart `file`)",
  }),
  removeMedia: defineRoute({
    method: 'DELETE',
    path: '/queue-options/:id/media-upload',
    auth: 'admin',
    params: idParam,
    summary: "Remove the option's file",
  }),
};
