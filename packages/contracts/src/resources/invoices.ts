import { z } from 'zod';
import { calendarDay, idParam, pagedQuery } from '../common';
import { validationMessages as m } from '../messages';
import { defineRoute } from '../route';

/** Stored invoice statuses; "expired" (open and due before today) is derived by the client. */
export const invoiceStatuses = ['open', 'paid'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

export const InvoiceView = z.object({
  id: z.number(),
  companyId: z.number(),
  /** The plan's name when the invoice was issued. */
  detail: z.string(),
  /** Plan value × the recurrence's months, in BRL. */
  value: z.number(),
  dueDate: z.string(),
  status: z.enum(invoiceStatuses),
  paidAt: z.string().nullable(),
  paidValue: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InvoiceView = z.infer<typeof InvoiceView>;

export const ListInvoicesAnswer = z.object({
  invoices: z.array(InvoiceView),
  count: z.number(),
  hasMore: z.boolean(),
});
export type ListInvoicesAnswer = z.infer<typeof ListInvoicesAnswer>;

const money = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce
    .number({ error: m.invalid })
    .nonnegative({ error: m.invalid })
    .max(9_999_999_999.99, { error: m.invalid })
    .transform((v) => Math.round(v * 100) / 100)
    .optional(),
);

/**
 * The super user's edit; absent fields stay. Setting `status: "paid"` on an open invoice is a manual payment:
 * it settles the invoice like a Pix payment (the company's due date moves by its recurrence).
 */
export const UpdateInvoiceInput = z.object({
  detail: z.string({ error: m.invalid }).trim().max(200, { error: m.tooLong }).optional(),
  value: money,
  dueDate: calendarDay.optional(),
  status: z.enum(invoiceStatuses, { error: m.invalid }).optional(),
});
export type UpdateInvoiceInput = z.infer<typeof UpdateInvoiceInput>;

export const invoiceRoutes = {
  listAll: defineRoute({
    method: 'GET',
    path: '/invoices/all',
    auth: 'user',
    query: pagedQuery,
    allowBlockedCompany: true,
    summary: "The company's invoices, due date descending (unpaged)",
  }),
  list: defineRoute({
    method: 'GET',
    path: '/invoices',
    auth: 'super',
    query: pagedQuery,
    summary: 'Paged invoices of every company (super user)',
  }),
  get: defineRoute({
    method: 'GET',
    path: '/invoices/:id',
    auth: 'user',
    params: idParam,
    summary: 'One invoice of the company (any for the super user)',
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/invoices/:id',
    auth: 'super',
    params: idParam,
    body: UpdateInvoiceInput,
    summary: 'Edit an invoice; status paid settles it (super user)',
  }),
};
