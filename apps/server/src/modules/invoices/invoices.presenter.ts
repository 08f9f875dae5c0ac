import type { InvoiceView } from '@zapdesk/contracts';
import type { InvoiceRow } from './invoices.repository';

export function presentInvoice(row: InvoiceRow): InvoiceView {
  return {
    id: row.id,
    companyId: row.companyId,
    detail: row.detail,
    value: Number(row.value),
    dueDate: row.dueDate,
    status: row.status,
    paidAt: row.paidAt ? row.paidAt.toISOString() : null,
    paidValue: row.paidValue === null ? null : Number(row.paidValue),
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}
