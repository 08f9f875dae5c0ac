import { routes } from '@zapdesk/contracts';
import type { AppContext } from '../../platform/context';
import { createTicketNote, deleteTicketNote, listTicketNotes } from './ticket-notes.service';

/** Ticket notes (server-behaviour 5.5). */
export function registerTicketNotesRoutes(ctx: AppContext): void {
  ctx.bind(routes.ticketNotes.list, ({ actor, scope, query }) => listTicketNotes(actor, scope, query));
  ctx.bind(routes.ticketNotes.create, ({ actor, scope, body }) => createTicketNote(actor, scope, body));
  ctx.bind(routes.ticketNotes.remove, ({ actor, scope, params }) =>
    deleteTicketNote(actor, scope, params.id),
  );
}
