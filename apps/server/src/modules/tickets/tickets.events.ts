import { rooms, type TicketView } from '@zapdesk/contracts';
import type { Realtime } from '../../platform/realtime/realtime';

export interface TicketRoomFields {
  id: number;
  status: string;
  queueId: number | null;
  userId: number | null;
}

/** Rooms that hear about a ticket in its current state (server-behaviour 5.4 and 7.2 step 7). */
export function ticketRooms(companyId: number, ticket: TicketRoomFields): string[] {
  const list = [
    rooms.ticket(ticket.id),
    rooms.companyStatus(companyId, ticket.status),
    rooms.companyNotification(companyId),
  ];
  if (ticket.queueId !== null) {
    list.push(rooms.queueStatus(ticket.queueId, ticket.status), rooms.queueNotification(ticket.queueId));
  } else {
    list.push(rooms.queueNullStatus(companyId, ticket.status), rooms.queueNullNotification(companyId));
  }
  if (ticket.userId !== null) list.push(rooms.user(ticket.userId));
  return list;
}

/** Rooms a ticket leaves when its status or owner changes: they get `{action:"delete", ticketId}`. */
export function leftTicketRooms(companyId: number, before: TicketRoomFields): string[] {
  const list = [rooms.companyStatus(companyId, before.status)];
  list.push(
    before.queueId !== null
      ? rooms.queueStatus(before.queueId, before.status)
      : rooms.queueNullStatus(companyId, before.status),
  );
  if (before.userId !== null) list.push(rooms.user(before.userId));
  return list;
}

/**
 * `-ticket` events for a ticket that changed: `delete` to the rooms it left when its status or owner changed,
 * then `update` to its current rooms and its former owner (server-behaviour 5.4).
 */
export function emitTicketUpdate(
  realtime: Realtime,
  companyId: number,
  ticket: TicketView,
  before?: TicketRoomFields,
): void {
  const targets = ticketRooms(companyId, ticket);
  if (before && (before.status !== ticket.status || before.userId !== ticket.userId)) {
    realtime.emitToRooms(companyId, leftTicketRooms(companyId, before), 'ticket', {
      action: 'delete',
      ticketId: ticket.id,
    });
    if (before.userId !== null) targets.push(rooms.user(before.userId));
  }
  realtime.emitToRooms(companyId, [...new Set(targets)], 'ticket', { action: 'update', ticket });
}

/** `-ticket` `{action:"updateUnread", ticketId}` once a ticket's unread count went back to zero. */
export function emitUnreadReset(realtime: Realtime, companyId: number, ticket: TicketRoomFields): void {
  realtime.emitToRooms(companyId, ticketRooms(companyId, ticket), 'ticket', {
    action: 'updateUnread',
    ticketId: ticket.id,
  });
}
