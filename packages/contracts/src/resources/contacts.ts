import { z } from 'zod';
import { calendarDay, idParam, optionalId, pageNumber, phoneDigits, searchParam } from '../common';
import { validationMessages as m } from '../messages';
import { defineRoute } from '../route';
import { ContactView } from './messages';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** Spec 1 section 5 / spec 2 section 5: name 2–50. */
const contactName = z
  .string({ error: m.required })
  .trim()
  .min(1, { error: m.required })
  .min(2, { error: m.tooShort })
  .max(50, { error: m.tooLong });

/** 8–50 digits, typed in any usual format (`+55 (11) 92172-6728`) and kept as digits. */
const contactNumber = phoneDigits(8, 50);

/** A valid address or empty. */
const contactEmail = z.preprocess(
  (v) => (v === null || v === undefined ? '' : v),
  z
    .string({ error: m.invalid })
    .trim()
    .refine((v) => v === '' || z.email().safeParse(v).success, { error: m.invalidEmail }),
);

export const ExtraInfoInput = z.object({
  name: z.string({ error: m.required }).trim().min(1, { error: m.required }).max(200, { error: m.tooLong }),
  value: z.preprocess((v) => v ?? '', z.string({ error: m.invalid }).max(2000, { error: m.tooLong })),
});

export const ContactInput = z.object({
  name: contactName,
  number: contactNumber,
  email: contactEmail,
  extraInfo: z.preprocess((v) => v ?? [], z.array(ExtraInfoInput)),
});
export type ContactInput = z.infer<typeof ContactInput>;

export const ExtraInfoView = z.object({ id: z.number(), name: z.string(), value: z.string() });
export type ExtraInfoView = z.infer<typeof ExtraInfoView>;

export const ContactDetailView = ContactView.extend({ extraInfo: z.array(ExtraInfoView) });
export type ContactDetailView = z.infer<typeof ContactDetailView>;

const isoDay = z.preprocess(blankToUndefined, calendarDay.optional());

export const ListContactsQuery = z.object({
  searchParam,
  pageNumber,
  /** One local day (yyyy-MM-dd) of createdAt; `dateStart`/`dateEnd` bound a range. */
  date: isoDay.catch(undefined),
  dateStart: isoDay.catch(undefined),
  dateEnd: isoDay.catch(undefined),
});
export type ListContactsQuery = z.infer<typeof ListContactsQuery>;

export const ListContactsAnswer = z.object({
  contacts: z.array(ContactView),
  count: z.number(),
  hasMore: z.boolean(),
});
export type ListContactsAnswer = z.infer<typeof ListContactsAnswer>;

export const ContactListEntry = z.object({
  id: z.number(),
  name: z.string(),
  number: z.string(),
  email: z.string(),
});
export type ContactListEntry = z.infer<typeof ContactListEntry>;

/** `GET /contacts/list`: a super user may name another company. */
export const ListAllContactsQuery = z.object({
  companyId: optionalId.catch(undefined),
});

/** The contact field a spreadsheet column fills. */
export type ContactUploadField = 'name' | 'number' | 'email';

/** Column names after folding case, spaces and accents: `Número` → `numero`, `E-mail` → `e-mail`. */
const uploadColumns: Record<string, ContactUploadField> = {
  nome: 'name',
  name: 'name',
  numero: 'number',
  number: 'number',
  email: 'email',
  'e-mail': 'email',
};

/**
 * The field a spreadsheet column header stands for (server-behaviour 11, "Columns": case-, space- and
 * accent-insensitive), or undefined for other columns. The browser maps headers and the server reads rows with it.
 */
export function contactUploadField(header: string): ContactUploadField | undefined {
  const folded = header.normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, '').toLowerCase();
  return Object.hasOwn(uploadColumns, folded) ? uploadColumns[folded] : undefined;
}

/** One spreadsheet row as the browser parsed it: column names vary (nome/número/e-mail…). */
export const ContactUploadRows = z.array(z.record(z.string(), z.unknown()), { error: m.invalid }).max(50_000);
export type ContactUploadRows = z.infer<typeof ContactUploadRows>;

export const ContactUploadAnswer = z.object({
  newContacts: z.array(z.object({ contactId: z.number(), contactName: z.string() })),
  errorBag: z.array(z.object({ contactName: z.string(), error: z.object({ message: z.string() }) })),
});
export type ContactUploadAnswer = z.infer<typeof ContactUploadAnswer>;

export const FindContactQuery = z.object({
  name: z.preprocess((v) => v ?? '', z.string().trim().max(50, { error: m.tooLong })),
  number: contactNumber,
});
export type FindContactQuery = z.infer<typeof FindContactQuery>;

export const contactRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/contacts',
    auth: 'user',
    query: ListContactsQuery,
    summary: 'Paged contacts by name (30 a page), searched on name and number',
  }),
  listAll: defineRoute({
    method: 'GET',
    path: '/contacts/list',
    auth: 'user',
    query: ListAllContactsQuery,
    summary: 'Every contact of the company: id, name, number, email',
  }),
  exportCsv: defineRoute({
    method: 'GET',
    path: '/contacts/export.csv',
    auth: 'user',
    summary: "The company's contacts as contatos.csv (name;number;email)",
  }),
  get: defineRoute({
    method: 'GET',
    path: '/contacts/:id',
    auth: 'user',
    params: idParam,
    summary: 'One contact with its extra info',
  }),
  create: defineRoute({
    method: 'POST',
    path: '/contacts',
    auth: 'user',
    body: ContactInput,
    summary: 'Create a contact (number checked on WhatsApp when a connection is live)',
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/contacts/:id',
    auth: 'user',
    params: idParam,
    body: ContactInput,
    summary: 'Edit a contact; extra info is replaced',
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/contacts/:id',
    auth: 'admin',
    params: idParam,
    summary: 'Delete a contact and everything of it',
  }),
  upload: defineRoute({
    method: 'POST',
    path: '/contacts/upload',
    auth: 'user',
    body: ContactUploadRows,
    multipart: true,
    summary: 'Create contacts from spreadsheet rows (the JSON array, or the .xlsx as multipart `file`)',
  }),
  importPhone: defineRoute({
    method: 'POST',
    path: '/contacts/import',
    auth: 'user',
    summary: "Import the default connection's phone contacts",
  }),
  findOrCreate: defineRoute({
    method: 'GET',
    path: '/contact',
    auth: 'user',
    query: FindContactQuery,
    summary: 'Find a contact by number or create it (vCard chat action)',
  }),
};
