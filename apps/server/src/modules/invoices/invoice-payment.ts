import { recurrenceMonths } from '@zapdesk/contracts';
import type { AppContext } from '../../platform/context';
import { addMonths, localDate } from '../../platform/time/local-time';
import type { SystemTx } from '../../platform/tenancy';
import { publicCompanyView } from '../companies';
import { invoicePaid } from './invoices.events';
import type { InvoiceRow } from './invoices.repository';

/** What a payment did: only `settled` changed anything. */
export type PaymentOutcome = 'settled' | 'already-paid' | 'underpaid';

export interface Payment {
  /** The amount the provider says was paid, in BRL. */
  paidValue: number;
  paidAt: Date;
}

const cents = (value: number): number => Math.round(value * 100);

/**
 * Settles a locked invoice inside the caller's transaction (server-behaviour 17.3): an invoice already paid is
 * left alone, a payment below its stored value changes nothing; otherwise the invoice is paid, the company's due
 * date moves by its recurrence from the later of its due date and today, the company resumes, and after commit
 * `company-{cid}-payment` is emitted.
 */
export async function settleInvoice(
  ctx: AppContext,
  tx: SystemTx,
  invoice: InvoiceRow,
  payment: Payment,
): Promise<PaymentOutcome> {
  if (invoice.status === 'paid') return 'already-paid';
  if (cents(payment.paidValue) < cents(Number(invoice.value))) {
    ctx.log.warn(
      { invoiceId: invoice.id, companyId: invoice.companyId, paid: payment.paidValue, due: invoice.value },
      'payment below the invoice value; invoice left open',
    );
    return 'underpaid';
  }
  await tx.db
    .updateTable('invoices')
    .set({ status: 'paid', paidAt: payment.paidAt, paidValue: payment.paidValue, updatedAt: new Date() })
    .where('id', '=', invoice.id)
    .execute();
  const company = await tx.db
    .selectFrom('companies')
    .where('id', '=', invoice.companyId)
    .select(['dueDate', 'recurrence'])
    .forUpdate()
    .executeTakeFirstOrThrow();
  const today = localDate(ctx.config.timeZone);
  const from = company.dueDate !== null && company.dueDate > today ? company.dueDate : today;
  await tx.db
    .updateTable('companies')
    .set({
      dueDate: addMonths(from, recurrenceMonths[company.recurrence]),
      status: true,
      updatedAt: new Date(),
    })
    .where('id', '=', invoice.companyId)
    .execute();
  invoicePaid(ctx, tx, { action: 'CONCLUIDA', company: await publicCompanyView(tx, invoice.companyId) });
  ctx.log.info({ invoiceId: invoice.id, companyId: invoice.companyId }, 'invoice paid');
  return 'settled';
}
