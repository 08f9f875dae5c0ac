import { sql } from 'kysely';
import type { TenantTx } from '../../platform/tenancy';
import type { TicketRow } from './tickets.repository';

/**
 * `findOrCreateTicketQuietly` for many contacts of one connection (a campaign batch): each contact's ticket on
 * the connection, locked until the transaction ends; a contact without one gets a closed ticket, so our messages
 * are stored without flooding the inbox. Callers hold the chats' locks; the unique key settles any other race.
 * Answers the tickets by contact id.
 */
export async function findOrCreateTicketsQuietly(
  tx: TenantTx,
  whatsappId: number,
  contacts: Array<{ id: number; isGroup: boolean }>,
): Promise<Map<number, TicketRow>> {
  const tickets = new Map<number, TicketRow>();
  const lockFound = async (ids: number[]) => {
    if (ids.length === 0) return;
    const rows = await tx
      .selectFrom('tickets')
      .where('whatsappId', '=', whatsappId)
      .where(sql<boolean>`contact_id = any(${ids}::int[])`)
      .selectAll()
      .orderBy('id')
      .forUpdate()
      .execute();
    for (const ticket of rows) tickets.set(ticket.contactId, ticket);
  };
  await lockFound(contacts.map((c) => c.id));
  const missing = contacts.filter((c) => !tickets.has(c.id));
  if (missing.length === 0) return tickets;
  const created = await tx
    .insertInto('tickets')
    .values(
      missing.map((c) => ({
        companyId: tx.companyId,
        contactId: c.id,
        whatsappId,
        isGroup: c.isGroup,
        status: 'closed' as const,
      })),
    )
    .onConflict((oc) => oc.columns(['companyId', 'contactId', 'whatsappId']).doNothing())
    .returningAll()
    .execute();
  for (const ticket of created) tickets.set(ticket.contactId, ticket);
  // Created meanwhile by another transaction: found (and locked) now that it committed.
  await lockFound(missing.filter((c) => !tickets.has(c.id)).map((c) => c.id));
  return tickets;
}
