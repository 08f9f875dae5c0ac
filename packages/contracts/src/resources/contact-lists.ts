import { z } from 'zod';
import { boundedString, idParam, MAX_DB_INT, pagedQuery, pageNumber, searchParam } from '../common';
import { validationMessages as m } from '../messages';
import { defineRoute } from '../route';

/** Spec 2 section 5: a contact list's name is required, 2–50 characters. */
export const ContactListInput = z.object({ name: boundedString(2, 50) });
export type ContactListInput = z.infer<typeof ContactListInput>;

export const ContactListView = z.object({
  id: z.number(),
  name: z.string(),
  /** How many items the list holds. */
  contactsCount: z.number(),
  companyId: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContactListView = z.infer<typeof ContactListView>;

export const ListContactListsAnswer = z.object({
  records: z.array(ContactListView),
  count: z.number(),
  hasMore: z.boolean(),
});
export type ListContactListsAnswer = z.infer<typeof ListContactListsAnswer>;

const listId = z.coerce
  .number({ error: m.required })
  .int({ error: m.invalid })
  .positive({ error: m.required })
  .max(MAX_DB_INT, { error: m.invalid });

/** Spec 2 section 5: item name 2–50; number 8–50 (digits only once formatting is dropped); email valid. */
const itemNumber = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.replace(/[\s()+.-]/g, '') : v),
  z
    .string({ error: m.required })
    .min(1, { error: m.required })
    .regex(/^\d*$/, { error: m.invalid })
    .min(8, { error: m.tooShort })
    .max(50, { error: m.tooLong }),
);
const itemEmail = z.preprocess(
  (v) => (v === null || v === undefined ? '' : v),
  z
    .string({ error: m.invalid })
    .trim()
    .max(200, { error: m.tooLong })
    .refine((v) => v === '' || z.email().safeParse(v).success, { error: m.invalidEmail }),
);

/** The form also sends `companyId`; it is ignored (the company comes from the credential). */
export const ContactListItemInput = z.object({
  name: boundedString(2, 50),
  number: itemNumber,
  email: itemEmail,
  contactListId: listId,
});
export type ContactListItemInput = z.infer<typeof ContactListItemInput>;

/** An item edit: the list it belongs to does not change. */
export const UpdateContactListItemInput = ContactListItemInput.omit({ contactListId: true });
export type UpdateContactListItemInput = z.infer<typeof UpdateContactListItemInput>;

export const ContactListItemView = z.object({
  id: z.number(),
  name: z.string(),
  number: z.string(),
  email: z.string(),
  /** Green (true) or grey icon; null until the WhatsApp check has run. */
  isWhatsappValid: z.boolean().nullable(),
  companyId: z.number(),
  contactListId: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContactListItemView = z.infer<typeof ContactListItemView>;

export const ListContactListItemsQuery = z.object({ searchParam, pageNumber, contactListId: listId });
export type ListContactListItemsQuery = z.infer<typeof ListContactListItemsQuery>;

export const ListContactListItemsAnswer = z.object({
  contacts: z.array(ContactListItemView),
  count: z.number(),
  hasMore: z.boolean(),
});
export type ListContactListItemsAnswer = z.infer<typeof ListContactListItemsAnswer>;

/**
 * POST /contact-lists/:id/upload: the items created or found (find-or-create on list and number), and the rows
 * rows that were not stored (no number, or an invalid one), each with its name and the reason.
 */
export const ContactListUploadAnswer = z.object({
  contacts: z.array(ContactListItemView),
  errorBag: z.array(z.object({ contactName: z.string(), error: z.object({ message: z.string() }) })),
});
export type ContactListUploadAnswer = z.infer<typeof ContactListUploadAnswer>;

/** Socket payloads: `company-{cid}-ContactList`, `company-{cid}-ContactListItem` and its per-list variant. */
export type ContactListEvent =
  { action: 'create' | 'update'; record: ContactListView } | { action: 'delete'; id: number };
export type ContactListItemEvent =
  | { action: 'create' | 'update'; record: ContactListItemView }
  | { action: 'delete'; id: number }
  | { action: 'reload' };

export const contactListRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/contact-lists',
    auth: 'user',
    planFlag: 'useCampaigns',
    query: pagedQuery,
    summary: 'Paged contact lists of the company with their item counts',
  }),
  listAll: defineRoute({
    method: 'GET',
    path: '/contact-lists/list',
    auth: 'user',
    planFlag: 'useCampaigns',
    summary: 'Every contact list of the company, by name',
  }),
  get: defineRoute({
    method: 'GET',
    path: '/contact-lists/:id',
    auth: 'user',
    planFlag: 'useCampaigns',
    params: idParam,
    summary: 'One contact list',
  }),
  create: defineRoute({
    method: 'POST',
    path: '/contact-lists',
    auth: 'user',
    planFlag: 'useCampaigns',
    body: ContactListInput,
    summary: 'Create a contact list',
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/contact-lists/:id',
    auth: 'user',
    planFlag: 'useCampaigns',
    params: idParam,
    body: ContactListInput,
    summary: 'Rename a contact list',
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/contact-lists/:id',
    auth: 'user',
    planFlag: 'useCampaigns',
    params: idParam,
    summary: 'Delete a contact list and its items',
  }),
  upload: defineRoute({
    method: 'POST',
    path: '/contact-lists/:id/upload',
    auth: 'user',
    planFlag: 'useCampaigns',
    params: idParam,
    multipart: true,
    summary: 'Import items from an .xls/.xlsx `file` (first sheet, header row)',
  }),
  exportCsv: defineRoute({
    method: 'GET',
    path: '/contact-lists/:id/export.csv',
    auth: 'user',
    planFlag: 'useCampaigns',
    params: idParam,
    summary: "The list's items as contatos.csv (name;number;email)",
  }),
};

export const contactListItemRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/contact-list-items',
    auth: 'user',
    planFlag: 'useCampaigns',
    query: ListContactListItemsQuery,
    summary: 'Paged items of a contact list',
  }),
  get: defineRoute({
    method: 'GET',
    path: '/contact-list-items/:id',
    auth: 'user',
    planFlag: 'useCampaigns',
    params: idParam,
    summary: 'One list item',
  }),
  create: defineRoute({
    method: 'POST',
    path: '/contact-list-items',
    auth: 'user',
    planFlag: 'useCampaigns',
    body: ContactListItemInput,
    summary: 'Add an item (find-or-create on list and number), then check it on WhatsApp',
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/contact-list-items/:id',
    auth: 'user',
    planFlag: 'useCampaigns',
    params: idParam,
    body: UpdateContactListItemInput,
    summary: 'Edit a list item',
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/contact-list-items/:id',
    auth: 'user',
    planFlag: 'useCampaigns',
    params: idParam,
    summary: 'Delete a list item',
  }),
};
