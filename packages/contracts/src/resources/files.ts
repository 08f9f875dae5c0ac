import { z } from 'zod';
import { idParam, MAX_DB_INT, pageNumber, searchParam } from '../common';
import { validationMessages as m } from '../messages';
import { defineRoute } from '../route';

/** Spec 2 section 5: name required, at least 3 characters; message required. */
const fileListName = z
  .string({ error: m.required })
  .trim()
  .min(1, { error: m.required })
  .min(3, { error: m.tooShort })
  .max(100, { error: m.tooLong });

export const FileOptionInput = z.object({
  /** Present for an option already saved; absent (or blank) for a new one. */
  id: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number({ error: m.invalid }).int().positive().max(MAX_DB_INT).optional(),
  ),
  name: z.preprocess((v) => v ?? '', z.string({ error: m.invalid }).trim().max(200, { error: m.tooLong })),
  /** Echoed by the form; only the upload route sets them. */
  path: z.unknown().optional(),
  mediaType: z.unknown().optional(),
});

/** The form's `userId` is not read: the author is the caller. */
export const FileListInput = z.object({
  name: fileListName,
  message: z
    .string({ error: m.required })
    .trim()
    .min(1, { error: m.required })
    .max(10_000, { error: m.tooLong }),
  options: z.preprocess((v) => v ?? [], z.array(FileOptionInput).max(50, { error: m.tooLong })),
});
export type FileListInput = z.infer<typeof FileListInput>;

export const FileOptionView = z.object({
  id: z.number(),
  name: z.string(),
  /** Relative to `/public/`; empty until its file is uploaded. */
  path: z.string(),
  mediaType: z.string(),
  fileId: z.number(),
});
export type FileOptionView = z.infer<typeof FileOptionView>;

export const FileListView = z.object({
  id: z.number(),
  name: z.string(),
  message: z.string(),
  userId: z.number().nullable(),
  companyId: z.number(),
  options: z.array(FileOptionView),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FileListView = z.infer<typeof FileListView>;

/** `GET /files`: a super user may name another company. */
export const ListFilesQuery = z.object({
  searchParam,
  pageNumber,
  companyId: z
    .preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.coerce.number().int().positive().max(MAX_DB_INT).optional(),
    )
    .catch(undefined),
});
export type ListFilesQuery = z.infer<typeof ListFilesQuery>;

export const ListFilesAnswer = z.object({
  files: z.array(FileListView),
  count: z.number(),
  hasMore: z.boolean(),
});
export type ListFilesAnswer = z.infer<typeof ListFilesAnswer>;

/** `company-{cid}-file`. */
export type FileListEvent =
  { action: 'create' | 'update'; record: FileListView } | { action: 'delete'; id: number };

export const fileRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/files',
    auth: 'user',
    query: ListFilesQuery,
    summary: 'Paged file lists of the company, by name',
  }),
  get: defineRoute({
    method: 'GET',
    path: '/files/:id',
    auth: 'user',
    params: idParam,
    summary: 'One file list with its options',
  }),
  create: defineRoute({
    method: 'POST',
    path: '/files',
    auth: 'user',
    body: FileListInput,
    summary: 'Create a file list (name unique per company)',
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/files/:id',
    auth: 'user',
    params: idParam,
    body: FileListInput,
    summary: 'Edit a file list: options upserted, missing ones deleted with their files',
  }),
  uploadList: defineRoute({
    method: 'POST',
    path: '/files/uploadList/:id',
    auth: 'user',
    params: idParam,
    multipart: true,
    summary: "Store the options' files (multipart `files`, `mediaType`, `name`, `id` per option)",
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/files/:id',
    auth: 'user',
    params: idParam,
    summary: 'Delete a file list and its files',
  }),
};
