import { z } from 'zod';
import { idParam, optionalId, pagedQuery } from '../common';
import { validationMessages as m } from '../messages';
import { defineRoute } from '../route';

export const DEFAULT_TAG_COLOR = '#A4CCCC';

/** Spec 2 section 8: the tag form's texts are "Obrigatório" and "Mensagem muito curta". */
const tagName = z
  .string({ error: m.mandatory })
  .trim()
  .min(1, { error: m.mandatory })
  .min(3, { error: m.messageTooShort })
  .max(100, { error: m.tooLong });

const tagColor = z
  .string({ error: m.invalid })
  .trim()
  .regex(/^#[0-9A-Fa-f]{3,8}$/, { error: m.invalid });

/** 0 or 1; the form's switch may send a boolean. */
const kanbanFlag = z.preprocess(
  (v) => (v === true || v === 'true' ? 1 : v === false || v === 'false' ? 0 : v),
  z.coerce.number({ error: m.invalid }).pipe(z.union([z.literal(0), z.literal(1)], { error: m.invalid })),
);

/**
 * A new tag. `kanban=1` is kept only from an admin or a supervisor (others get 0). The form's `userId` is not
 * read: the creator is always the caller.
 */
export const TagInput = z.object({
  name: tagName,
  color: z.preprocess((v) => (v === '' || v === null ? undefined : v), tagColor.default(DEFAULT_TAG_COLOR)),
  kanban: z.preprocess((v) => (v === '' || v === null ? undefined : v), kanbanFlag.default(0)),
});
export type TagInput = z.infer<typeof TagInput>;

/** A tag edit (admin or creator): absent fields stay; `kanban` is ignored unless from an admin or supervisor. */
export const UpdateTagInput = z.object({
  name: tagName.optional(),
  color: z.preprocess((v) => (v === '' || v === null ? undefined : v), tagColor.optional()),
  kanban: z.preprocess((v) => (v === '' || v === null ? undefined : v), kanbanFlag.optional()),
});
export type UpdateTagInput = z.infer<typeof UpdateTagInput>;

export const TagView = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string(),
  kanban: z.number(),
  /** The creator; null once that user is deleted. */
  userId: z.number().nullable(),
  /** How many tickets carry the tag. */
  ticketsCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TagView = z.infer<typeof TagView>;

export const ListTagsAnswer = z.object({
  tags: z.array(TagView),
  count: z.number(),
  hasMore: z.boolean(),
});
export type ListTagsAnswer = z.infer<typeof ListTagsAnswer>;

/** The kanban lanes: tags with kanban=1, by id. */
export const KanbanTagsAnswer = z.object({ lista: z.array(TagView) });
export type KanbanTagsAnswer = z.infer<typeof KanbanTagsAnswer>;

/** `GET /tags/list`: a super user may name another company; everyone else gets their own. */
export const ListAllTagsQuery = z.object({
  companyId: optionalId.catch(undefined),
});

export const tagRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/tags',
    auth: 'user',
    query: pagedQuery,
    summary: 'Paged tags of the company with their ticket counts',
  }),
  listAll: defineRoute({
    method: 'GET',
    path: '/tags/list',
    auth: 'user',
    query: ListAllTagsQuery,
    summary: 'Every tag of the company, by name',
  }),
  kanban: defineRoute({
    method: 'GET',
    path: '/tags/kanban',
    auth: 'user',
    planFlag: 'useKanban',
    summary: 'The kanban lanes (tags with kanban=1, by id)',
  }),
  get: defineRoute({ method: 'GET', path: '/tags/:id', auth: 'user', params: idParam, summary: 'One tag' }),
  create: defineRoute({
    method: 'POST',
    path: '/tags',
    auth: 'user',
    body: TagInput,
    summary: 'Create a tag',
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/tags/:id',
    auth: 'user',
    params: idParam,
    body: UpdateTagInput,
    summary: 'Edit a tag (admin or its creator)',
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/tags/:id',
    auth: 'user',
    params: idParam,
    summary: 'Delete a tag (admin or its creator)',
  }),
};
