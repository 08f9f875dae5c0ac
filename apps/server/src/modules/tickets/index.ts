import type { AppContext } from '../../platform/context';
import { findTicket } from './tickets.repository';
import { canSeeTicket } from './tickets.policy';

export {
  findOrCreateTicketForCustomer,
  findOrCreateTicketQuietly,
  lockTicketOfChat,
  startCycle,
  type TicketFound,
  type TicketKey,
} from './ticket-lifecycle';
export { findOrCreateTicketsQuietly } from './tickets-quietly-many';
export { resetUnread } from './ticket-unread';
export { refuseOtherOpenTicket } from './ticket-conflicts';
export { currentCycle, latestCycle, type CycleRow } from './ticket-cycles';
export { RATING_PROMPT, ratingRequestText } from './ticket-notices';
export { sendClosingMessages } from './ticket-automatic-messages';
export type { TicketMessages, TicketsEnv } from './ticket-messages.port';
export {
  acceptTicket,
  reopenTicket,
  resolveTicket,
  returnTicket,
  transferTicket,
  type TicketFields,
  type TicketFieldsBesidesAgent,
} from './ticket-verbs';
export { registerTicketsRoutes } from './tickets.routes';
export { registerTicketJobs } from './jobs';
export { activeCompany } from './jobs/active-companies';
export { emitTicketUpdate, emitUnreadReset, leftTicketRooms, ticketRooms } from './tickets.events';
export { canSeeTicket, visibleMessageQueues } from './tickets.policy';
export {
  loadTicketView,
  loadTicketViews,
  presentTicketRow,
  ticketRowsAndViews,
  type TicketRefs,
} from './tickets.presenter';
export { ticketRefs } from './ticket-views.repository';
export { findTicket, getVisibleTicket, visibleTo, type TicketRow } from './tickets.repository';

/** Lets sockets join a ticket's room (joinChatBox) only when its user may see the ticket (server-behaviour 4.2). */
export function registerTicketsHooks(ctx: AppContext): void {
  ctx.realtime.setTicketRoomGuard(async (actor, ticketId) => {
    const ticket = await ctx.scopes.tenant(actor.companyId).run((tx) => findTicket(tx, ticketId));
    return ticket !== undefined && canSeeTicket(actor, ticket);
  });
}
