import type { InvoiceView } from '@zapdesk/contracts';
import { daysUntil } from '../../lib/dates';

export type InvoiceState = 'paid' | 'open' | 'expired';

/** Paid; expired (open and due before today); or open (spec 1 section 4). */
export function invoiceState(
  invoice: Pick<InvoiceView, 'status' | 'dueDate'>,
  today = new Date(),
): InvoiceState {
  if (invoice.status === 'paid') return 'paid';
  const days = daysUntil(invoice.dueDate, today);
  return days !== null && days < 0 ? 'expired' : 'open';
}

/** The invoice a "sign now" pays: the open one due first. */
export function nextOpenInvoice(invoices: readonly InvoiceView[]): InvoiceView | undefined {
  return invoices
    .filter((invoice) => invoice.status === 'open')
    .reduce<InvoiceView | undefined>(
      (first, invoice) => (!first || invoice.dueDate < first.dueDate ? invoice : first),
      undefined,
    );
}

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** R$ 49,00 (the product bills in BRL). */
export const formatMoney = (value: number): string => brl.format(value);
