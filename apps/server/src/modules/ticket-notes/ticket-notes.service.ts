import { validationMessages, type TicketNoteInput, type TicketNoteView } from '@zapdesk/contracts';
import { isAdmin, type Actor } from '../../platform/auth/actor';
import { AppError } from '../../platform/http/app-error';
import type { TenantScope, TenantTx } from '../../platform/tenancy';
import { getVisibleTicket } from '../tickets';

/** GET /ticket-notes/list (server-behaviour 5.5): a visible ticket's notes about the contact, newest first. */
export function listTicketNotes(
  actor: Actor,
  scope: TenantScope,
  query: { ticketId: number; contactId: number },
): Promise<TicketNoteView[]> {
  return scope.run(async (tx) => {
    await getVisibleTicket(tx, actor, query.ticketId);
    return selectNotes(tx)
      .where('ticketNotes.ticketId', '=', query.ticketId)
      .where('ticketNotes.contactId', '=', query.contactId)
      .orderBy('ticketNotes.createdAt', 'desc')
      .orderBy('ticketNotes.id', 'desc')
      .execute()
      .then((rows) => rows.map(presentNote));
  });
}

/** POST /ticket-notes: the caller writes a note on a ticket they may see. */
export function createTicketNote(
  actor: Actor,
  scope: TenantScope,
  input: TicketNoteInput,
): Promise<TicketNoteView> {
  return scope.run(async (tx) => {
    const ticket = await getVisibleTicket(tx, actor, input.ticketId);
    const contact = await tx
      .selectFrom('contacts')
      .where('id', '=', input.contactId)
      .select('id')
      .executeTakeFirst();
    if (!contact) throw AppError.notFound('ERR_NO_CONTACT_FOUND');
    // A note is about the ticket's contact: one filed under another contact would show in no drawer.
    if (contact.id !== ticket.contactId) throw AppError.validation({ contactId: validationMessages.invalid });
    const created = await tx
      .insertInto('ticketNotes')
      .values({
        companyId: tx.companyId,
        note: input.note,
        ticketId: input.ticketId,
        contactId: input.contactId,
        userId: actor.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await selectNotes(tx).where('ticketNotes.id', '=', created.id).executeTakeFirstOrThrow();
    return presentNote(row);
  });
}

/** DELETE /ticket-notes/:id: by its author or an admin. */
export function deleteTicketNote(actor: Actor, scope: TenantScope, id: number): Promise<{ message: string }> {
  return scope.run(async (tx) => {
    const note = await tx
      .selectFrom('ticketNotes')
      .where('id', '=', id)
      .select(['id', 'userId'])
      .executeTakeFirst();
    if (!note) throw AppError.notFound();
    if (!isAdmin(actor) && note.userId !== actor.userId) throw AppError.forbidden();
    await tx.deleteFrom('ticketNotes').where('id', '=', id).execute();
    return { message: 'Ticket note deleted' };
  });
}

function selectNotes(tx: TenantTx) {
  return tx
    .selectFrom('ticketNotes')
    .leftJoin('users', 'users.id', 'ticketNotes.userId')
    .selectAll('ticketNotes')
    .select('users.name as userName');
}

function presentNote(row: {
  id: number;
  note: string;
  ticketId: number;
  contactId: number;
  userId: number | null;
  userName: string | null;
  createdAt: Date;
  updatedAt: Date;
}): TicketNoteView {
  return {
    id: row.id,
    note: row.note,
    ticketId: row.ticketId,
    contactId: row.contactId,
    userId: row.userId,
    user: row.userId !== null && row.userName !== null ? { id: row.userId, name: row.userName } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
