import { isAdmin, type Actor } from '../../platform/auth/actor';

export interface TicketAccessFields {
  userId: number | null;
  queueId: number | null;
}

/**
 * Server-behaviour 1.4: admins see every ticket of the company; others the ones they own, the ones in their
 * queues, and the ones without queue when their allTicket is enabled.
 */
export function canSeeTicket(actor: Actor, ticket: TicketAccessFields): boolean {
  if (isAdmin(actor)) return true;
  if (ticket.userId !== null && ticket.userId === actor.userId) return true;
  if (ticket.queueId !== null) return actor.queueIds.includes(ticket.queueId);
  return actor.allTicket === 'enabled';
}

/** Server-behaviour 6.1: non-admins read only messages whose queue is theirs or none. */
export function visibleMessageQueues(actor: Actor): number[] | 'all' {
  return isAdmin(actor) ? 'all' : actor.queueIds;
}
