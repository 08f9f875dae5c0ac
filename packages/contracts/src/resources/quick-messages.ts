import { z } from 'zod';
import { booleanText, idParam, optionalId as optionalIdField, pageNumber, searchParam } from '../common';
import { validationMessages as m } from '../messages';
import { defineRoute } from '../route';

/** Spec 2 section 8: the quick message form's texts are "Obrigatório" and "Mensagem muito curta". */
const shortcode = z
  .string({ error: m.mandatory })
  .trim()
  .min(1, { error: m.mandatory })
  .max(100, { error: m.tooLong });

const message = z.string({ error: m.invalid }).max(10_000, { error: m.tooLong });
const nullToUndefined = (v: unknown) => v ?? undefined;
/** A boolean in any of the spellings clients send (true, "true", 1, "1" …). */
const flag = z.preprocess(booleanText, z.boolean({ error: m.invalid }));

/**
 * The form may echo `mediaPath`/`mediaName`; a file is attached only through the media-upload route. On an edit,
 * `mediaPath: null` (or "") removes the attachment; any other value leaves it as it is.
 */
const mediaEcho = z.string({ error: m.invalid }).max(500, { error: m.tooLong }).nullable().optional();

export const QuickMessageInput = z.object({
  shortcode,
  message: z.preprocess(nullToUndefined, message.default('')),
  geral: z.preprocess(nullToUndefined, flag.default(false)),
  status: z.preprocess(nullToUndefined, flag.default(true)),
  mediaPath: mediaEcho,
  mediaName: mediaEcho,
});
export type QuickMessageInput = z.infer<typeof QuickMessageInput>;

/** An edit (owner or admin): absent fields stay as they are. */
export const UpdateQuickMessageInput = z.object({
  shortcode: shortcode.optional(),
  message: z.preprocess(nullToUndefined, message.optional()),
  geral: z.preprocess(nullToUndefined, flag.optional()),
  status: z.preprocess(nullToUndefined, flag.optional()),
  mediaPath: mediaEcho,
  mediaName: mediaEcho,
});
export type UpdateQuickMessageInput = z.infer<typeof UpdateQuickMessageInput>;

export const QuickMessageView = z.object({
  id: z.number(),
  shortcode: z.string(),
  message: z.string(),
  geral: z.boolean(),
  status: z.boolean(),
  isMedia: z.boolean(),
  /** Stored file, served under `/public/{mediaPath}`; null when none. */
  mediaPath: z.string().nullable(),
  /** The attachment's name as stored (spaces became underscores). */
  mediaName: z.string().nullable(),
  /** The author; null once that user is deleted. */
  userId: z.number().nullable(),
  companyId: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type QuickMessageView = z.infer<typeof QuickMessageView>;

const optionalId = optionalIdField.catch(undefined);

/**
 * The caller's own quick messages plus every `geral` one. `userId` names whose own ones are meant: only a super
 * user listing another company may name someone else; otherwise it is always the caller.
 */
export const ListQuickMessagesQuery = z.object({ searchParam, pageNumber, userId: optionalId });
export type ListQuickMessagesQuery = z.infer<typeof ListQuickMessagesQuery>;

/** `GET /quick-messages/list`: like the page, as an array; a super user may name another company. */
export const ListAllQuickMessagesQuery = z.object({ companyId: optionalId, userId: optionalId });
export type ListAllQuickMessagesQuery = z.infer<typeof ListAllQuickMessagesQuery>;

export const ListQuickMessagesAnswer = z.object({
  records: z.array(QuickMessageView),
  count: z.number(),
  hasMore: z.boolean(),
});
export type ListQuickMessagesAnswer = z.infer<typeof ListQuickMessagesAnswer>;

/** Folders `typeArch` may name for a quick message's file; never a path. */
export const quickMessageTypeArch = ['quickMessage', 'quickMessages'] as const;

export const quickMessageRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/quick-messages',
    auth: 'user',
    query: ListQuickMessagesQuery,
    summary: "Paged quick messages: the caller's own and the general ones",
  }),
  listAll: defineRoute({
    method: 'GET',
    path: '/quick-messages/list',
    auth: 'user',
    query: ListAllQuickMessagesQuery,
    summary: 'Every quick message the caller may use, by shortcode',
  }),
  get: defineRoute({
    method: 'GET',
    path: '/quick-messages/:id',
    auth: 'user',
    params: idParam,
    summary: 'One quick message (own, general, or any for an admin)',
  }),
  create: defineRoute({
    method: 'POST',
    path: '/quick-messages',
    auth: 'user',
    body: QuickMessageInput,
    summary: 'Create a quick message authored by the caller',
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/quick-messages/:id',
    auth: 'user',
    params: idParam,
    body: UpdateQuickMessageInput,
    summary: 'Edit a quick message (owner or admin)',
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/quick-messages/:id',
    auth: 'user',
    params: idParam,
    summary: 'Delete a quick message (owner or admin)',
  }),
  uploadMedia: defineRoute({
    method: 'POST',
    path: '/quick-messages/:id/media-upload',
    auth: 'user',
    params: idParam,
    multipart: true,
    summary: 'Attach a file (multipart `typeArch`, `file`; owner or admin)',
  }),
  removeMedia: defineRoute({
    method: 'DELETE',
    path: '/quick-messages/:id/media-upload',
    auth: 'user',
    params: idParam,
    summary: "Remove a quick message's file (owner or admin)",
  }),
};
