import type { SystemTx, TenantTx } from '../../platform/tenancy';

/** Records a charge issued for an invoice and makes it the invoice's current one (`invoices.txid`). */
export async function recordInvoiceCharge(
  tx: TenantTx,
  charge: { invoiceId: number; txid: string; provider: string; amount: number },
): Promise<void> {
  // The invoice row first: the charge's foreign key would take a share lock on it, and two checkouts of one
  // invoice holding that share lock while each waits to update the row deadlock.
  await tx
    .updateTable('invoices')
    .set({ txid: charge.txid, updatedAt: new Date() })
    .where('id', '=', charge.invoiceId)
    .execute();
  await tx
    .insertInto('invoicePixCharges')
    .values({ ...charge, companyId: tx.companyId })
    .execute();
}

/** The invoice a charge was issued for, whatever its company (the notification names only the charge). */
export async function invoiceIdOfCharge(tx: SystemTx, txid: string): Promise<number | undefined> {
  const charge = await tx.db
    .selectFrom('invoicePixCharges')
    .where('txid', '=', txid)
    .select('invoiceId')
    .executeTakeFirst();
  if (charge) return charge.invoiceId;
  const invoice = await tx.db.selectFrom('invoices').where('txid', '=', txid).select('id').executeTakeFirst();
  return invoice?.id;
}
