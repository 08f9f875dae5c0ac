import { rooms, type ContactView, type MessageView, type TicketView } from '@zapdesk/contracts';
import type { Realtime } from '../../platform/realtime/realtime';
import { ticketRooms } from '../tickets';

/**
 * `-appMessage` create to the ticket's room, status and notification rooms (queue-null ones without queue) and its
 * owner (server-behaviour 7.2 step 7).
 */
export function emitMessageCreated(
  realtime: Realtime,
  companyId: number,
  payload: { message: MessageView; ticket: TicketView; contact: ContactView },
): void {
  realtime.emitToRooms(companyId, ticketRooms(companyId, payload.ticket), 'appMessage', {
    action: 'create',
    ...payload,
  });
}

/** `-appMessage` update (acks, edits, deletes, media ready, send failures) to the ticket's room. */
export function emitMessageUpdated(realtime: Realtime, companyId: number, message: MessageView): void {
  realtime.emitToRooms(companyId, [rooms.ticket(message.ticketId)], 'appMessage', {
    action: 'update',
    message,
  });
}
