import type { TenantTx } from '../../platform/tenancy';
import type { TicketRow } from './tickets.repository';

export interface TicketKey {
  contactId: number;
  whatsappId: number;
  isGroup: boolean;
}

export interface TicketFound {
  ticket: TicketRow;
  /** What happened: the ticket was made now, a closed one came back to pending, or it was used as it was. */
  change: 'created' | 'reopened' | null;
  /** The ticket before a reopen (for the rooms it leaves). */
  before?: TicketRow;
}

/**
 * Find-or-create for a customer's message, a call or an external API send (server-behaviour 5.1, 16): none →
 * pending with a new attendance cycle; open/pending → used as is; closed → pending with user, queue, option and
 * bot state cleared and a new cycle. Callers hold the chat's lock; the unique key settles any other race.
 */
export async function findOrCreateTicketForCustomer(
  tx: TenantTx,
  key: TicketKey,
  locked?: LockedTicket,
): Promise<TicketFound> {
  const found = await findOrInsert(tx, key, 'pending', locked);
  if (found.change === 'created') {
    await startCycle(tx, found.ticket);
    return found;
  }
  if (found.ticket.status !== 'closed') return found;
  const before = found.ticket;
  const ticket = await tx
    .updateTable('tickets')
    .set({
      status: 'pending',
      userId: null,
      queueId: null,
      queueOptionId: null,
      chatbot: false,
      useIntegration: false,
      integrationId: null,
      promptId: null,
      typebotSessionId: null,
      updatedAt: new Date(),
    })
    .where('id', '=', before.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await startCycle(tx, ticket);
  return { ticket, change: 'reopened', before };
}

/**
 * Find-or-create for our own messages (typed on the phone, automatic sends): never changes a status nor opens a
 * cycle; a ticket created just to hold the message is created closed (server-behaviour 5.1).
 */
export async function findOrCreateTicketQuietly(
  tx: TenantTx,
  key: TicketKey,
  locked?: LockedTicket,
): Promise<TicketFound> {
  return findOrInsert(tx, key, 'closed', locked);
}

/**
 * What `lockTicketOfChat` found earlier in the same transaction (null: no ticket yet), so the find-or-create
 * functions need not read it again.
 */
export type LockedTicket = TicketRow | null;

/** The contact's ticket on the connection (there is at most one), locked until the transaction ends. */
export async function lockTicketOfChat(tx: TenantTx, key: TicketKey): Promise<LockedTicket> {
  return (await selectForUpdate(tx, key)) ?? null;
}

/** Opens a new attendance cycle (queuedAt = now), finishing any cycle a crash left open. */
export async function startCycle(tx: TenantTx, ticket: TicketRow): Promise<void> {
  const now = new Date();
  await tx
    .updateTable('ticketTracking')
    .set({ finishedAt: now, updatedAt: now })
    .where('ticketId', '=', ticket.id)
    .where('finishedAt', 'is', null)
    .execute();
  await tx
    .insertInto('ticketTracking')
    .values({
      companyId: tx.companyId,
      ticketId: ticket.id,
      whatsappId: ticket.whatsappId,
      queueId: ticket.queueId,
      userId: ticket.userId,
      queuedAt: now,
    })
    .execute();
}

async function findOrInsert(
  tx: TenantTx,
  key: TicketKey,
  statusWhenNew: 'pending' | 'closed',
  locked: LockedTicket | undefined,
): Promise<TicketFound> {
  const existing = locked === undefined ? await selectForUpdate(tx, key) : locked;
  if (existing) return { ticket: existing, change: null };
  const created = await tx
    .insertInto('tickets')
    .values({
      companyId: tx.companyId,
      contactId: key.contactId,
      whatsappId: key.whatsappId,
      isGroup: key.isGroup,
      status: statusWhenNew,
    })
    .onConflict((oc) => oc.columns(['companyId', 'contactId', 'whatsappId']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (created) return { ticket: created, change: 'created' };
  const raced = await selectForUpdate(tx, key);
  if (!raced) throw new Error('ticket vanished during find-or-create');
  return { ticket: raced, change: null };
}

function selectForUpdate(tx: TenantTx, key: TicketKey): Promise<TicketRow | undefined> {
  return tx
    .selectFrom('tickets')
    .where('contactId', '=', key.contactId)
    .where('whatsappId', '=', key.whatsappId)
    .selectAll()
    .forUpdate()
    .executeTakeFirst();
}
