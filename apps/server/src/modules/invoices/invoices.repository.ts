import type { Selectable, Updateable } from 'kysely';
import type { InvoicesTable } from '../../platform/db/schema';
import { textContains } from '../../platform/db/search';
import { AppError } from '../../platform/http/app-error';
import type { SystemTx, TenantTx } from '../../platform/tenancy';

export type InvoiceRow = Selectable<InvoicesTable>;
type AnyTx = SystemTx | TenantTx;

/** Every invoice of the company whose detail contains `search`, due date descending. */
export function listCompanyInvoiceRows(tx: TenantTx, search: string): Promise<InvoiceRow[]> {
  return tx
    .selectFrom('invoices')
    .$if(search !== '', (q) => q.where(textContains('invoices.detail', search)))
    .selectAll()
    .orderBy('dueDate', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** A page of every company's invoices (super user), due date descending. */
export async function pageAllInvoices(
  tx: SystemTx,
  page: { search: string; limit: number; offset: number },
): Promise<{ rows: InvoiceRow[]; count: number }> {
  const query = tx.db
    .selectFrom('invoices')
    .$if(page.search !== '', (q) => q.where(textContains('invoices.detail', page.search)));
  const total = await query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
  const rows = await query
    .selectAll()
    .orderBy('dueDate', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { rows, count: Number(total.count) };
}

/** One invoice the transaction may see (the company's own, or any in a system transaction); else 404. */
export async function getInvoice(tx: AnyTx, id: number): Promise<InvoiceRow> {
  const row = await tx.unscoped().selectFrom('invoices').where('id', '=', id).selectAll().executeTakeFirst();
  if (!row) throw AppError.notFound();
  return row;
}

/** The invoice and a lock on it, so a payment and a checkout of the same invoice run one after the other. */
export async function lockInvoice(tx: AnyTx, id: number): Promise<InvoiceRow | undefined> {
  return tx.unscoped().selectFrom('invoices').where('id', '=', id).selectAll().forUpdate().executeTakeFirst();
}

export async function updateInvoiceRow(
  tx: AnyTx,
  id: number,
  changes: Updateable<InvoicesTable>,
): Promise<InvoiceRow> {
  const row = await tx
    .unscoped()
    .updateTable('invoices')
    .set({ ...changes, updatedAt: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw AppError.notFound();
  return row;
}
