import {
  pageSizes,
  type InvoiceView,
  type ListInvoicesAnswer,
  type PagedQuery,
  type UpdateInvoiceInput,
} from '@zapdesk/contracts';
import type { Actor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { AppError, isUniqueViolation } from '../../platform/http/app-error';
import type { TenantScope } from '../../platform/tenancy';
import { settleInvoice } from './invoice-payment';
import { presentInvoice } from './invoices.presenter';
import {
  getInvoice,
  listCompanyInvoiceRows,
  lockInvoice,
  pageAllInvoices,
  updateInvoiceRow,
} from './invoices.repository';

/** `GET /invoices/all`: every invoice of the company, due date descending (unpaged, server-behaviour 17.1). */
export function listCompanyInvoices(scope: TenantScope, query: PagedQuery): Promise<InvoiceView[]> {
  return scope.run(async (tx) => (await listCompanyInvoiceRows(tx, query.searchParam)).map(presentInvoice));
}

/** The super user's page of every company's invoices. */
export function listInvoices(ctx: AppContext, query: PagedQuery): Promise<ListInvoicesAnswer> {
  const limit = pageSizes.default;
  const offset = (query.pageNumber - 1) * limit;
  return ctx.scopes.asSystem(async (tx) => {
    const { rows, count } = await pageAllInvoices(tx, { search: query.searchParam, limit, offset });
    return { invoices: rows.map(presentInvoice), count, hasMore: offset + rows.length < count };
  });
}

/** One invoice: the company's own, or any for the super user; another company's id is a 404. */
export function showInvoice(ctx: AppContext, actor: Actor, id: number): Promise<InvoiceView> {
  if (actor.isSuper) return ctx.scopes.asSystem(async (tx) => presentInvoice(await getInvoice(tx, id)));
  return ctx.scopes.tenant(actor.companyId).run(async (tx) => presentInvoice(await getInvoice(tx, id)));
}

/**
 * The super user's edit. `status: "paid"` on an open invoice is a manual payment of its (possibly edited) value:
 * settled exactly like a Pix payment, in the same transaction as the edit.
 */
export function updateInvoice(ctx: AppContext, id: number, input: UpdateInvoiceInput): Promise<InvoiceView> {
  return ctx.scopes
    .asSystem(async (tx) => {
      const before = await lockInvoice(tx, id);
      if (!before) throw AppError.notFound();
      const payNow = input.status === 'paid' && before.status === 'open';
      let row = await updateInvoiceRow(tx, id, {
        detail: input.detail,
        value: input.value,
        dueDate: input.dueDate,
        ...(input.status === 'open' ? { status: 'open', paidAt: null, paidValue: null } : {}),
      });
      if (payNow) {
        await settleInvoice(ctx, tx, row, { paidValue: Number(row.value), paidAt: new Date() });
        row = await getInvoice(tx, id);
      }
      return presentInvoice(row);
    })
    .catch((error: unknown) => {
      // The company has another invoice for that due date (the key that keeps the invoice job idempotent).
      if (isUniqueViolation(error, 'invoices_company_due_date_key')) {
        throw AppError.validation({ dueDate: 'Invalid value' });
      }
      throw error;
    });
}
