import { sql } from 'kysely';
import type { TenantTx } from '../../platform/tenancy';
import type { ContactRow } from './contacts.presenter';

/**
 * `upsertContact` for many numbers at once, as our own sends need it (a campaign batch): a missing contact is
 * created with the number as its name and this connection; an existing one keeps its name and gets the
 * connection only when it had none. Two statements whatever the count; answers the contacts by number.
 */
export async function upsertContactsByNumber(
  tx: TenantTx,
  whatsappId: number,
  numbers: string[],
): Promise<Map<string, ContactRow>> {
  // One order for every batch, so two batches touching the same contacts never wait on each other in a circle.
  const unique = [...new Set(numbers)].sort();
  const found = new Map<string, ContactRow>();
  if (unique.length === 0) return found;
  // Inserted or given a connection: the unique key (company, number) decides, never a read-then-write race.
  const written = await tx
    .insertInto('contacts')
    .values(unique.map((number) => ({ companyId: tx.companyId, number, name: number, whatsappId })))
    .onConflict((oc) =>
      oc
        .columns(['companyId', 'number'])
        .doUpdateSet({ whatsappId, updatedAt: sql<Date>`now()` })
        .where('contacts.whatsappId', 'is', null),
    )
    .returningAll()
    .execute();
  for (const contact of written) found.set(contact.number, contact);
  const rest = unique.filter((number) => !found.has(number));
  if (rest.length > 0) {
    const existing = await tx
      .selectFrom('contacts')
      .where(sql<boolean>`number = any(${rest}::text[])`)
      .selectAll()
      .execute();
    for (const contact of existing) found.set(contact.number, contact);
  }
  return found;
}
