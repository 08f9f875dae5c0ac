import { rooms } from '@zapdesk/contracts';
import { isAdmin, type Actor } from '../auth/actor';

export type RoomKind = 'open' | 'pending' | 'closed' | 'notification';

export const isTicketStatus = (value: unknown): value is 'open' | 'pending' | 'closed' =>
  value === 'open' || value === 'pending' || value === 'closed';

/** Rooms a user listens to for a ticket status or notifications (server-behaviour 4.2). */
export function roomsFor(actor: Actor, kind: RoomKind): string[] {
  const companyId = actor.companyId;
  if (isAdmin(actor)) {
    return [
      kind === 'notification' ? rooms.companyNotification(companyId) : rooms.companyStatus(companyId, kind),
    ];
  }
  if (kind === 'notification') {
    const list = actor.queueIds.map(rooms.queueNotification);
    if (actor.allTicket === 'enabled') list.push(rooms.queueNullNotification(companyId));
    return list;
  }
  // Own open and closed tickets arrive through user-{id}; only pending is watched by queue.
  if (kind !== 'pending') return [];
  const list = actor.queueIds.map((q) => rooms.queueStatus(q, 'pending'));
  if (actor.allTicket === 'enabled') list.push(rooms.queueNullStatus(companyId, 'pending'));
  return list;
}
