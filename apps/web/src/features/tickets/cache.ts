import type { InfiniteData } from '@tanstack/react-query';
import type { ContactView, ListTicketsAnswer, TicketStatus, TicketView } from '@zapdesk/contracts';

/** What one loaded ticket list asked the server for; live events are filtered by the same rules. */
export interface TicketListFilter {
  status?: TicketStatus;
  searchParam?: string;
  showAll?: boolean;
  queueIds?: number[];
  tags?: number[];
  /** Admins only: assigned to any of these users. */
  users?: number[];
}

export type TicketPages = InfiniteData<ListTicketsAnswer>;

/**
 * Whether a ticket belongs to a list (server-behaviour 5.2): the status, the owner rule (mine or pending
 * unless show-all), the chosen queues and every chosen tag. Searches only follow tickets already shown,
 * because the server matches message bodies the client does not have.
 */
export function belongsToList(ticket: TicketView, filter: TicketListFilter, meId: number): boolean {
  if (filter.status && ticket.status !== filter.status) return false;
  if (!filter.showAll && ticket.status !== 'pending' && ticket.userId !== meId) return false;
  if (filter.queueIds?.length && ticket.queueId !== null && !filter.queueIds.includes(ticket.queueId)) {
    return false;
  }
  if (filter.tags?.length && !filter.tags.every((id) => ticket.tags.some((tag) => tag.id === id))) {
    return false;
  }
  if (filter.users?.length && (ticket.userId === null || !filter.users.includes(ticket.userId))) return false;
  return true;
}

function mapPages(
  data: TicketPages,
  map: (tickets: TicketView[], index: number) => TicketView[],
): TicketPages {
  return {
    ...data,
    pages: data.pages.map((page, index) => ({ ...page, tickets: map(page.tickets, index) })),
  };
}

const contains = (data: TicketPages, id: number) =>
  data.pages.some((page) => page.tickets.some((ticket) => ticket.id === id));

export function removeTicket(data: TicketPages, id: number): TicketPages {
  if (!contains(data, id)) return data;
  return mapPages(data, (tickets) => tickets.filter((ticket) => ticket.id !== id));
}

function putOnTop(data: TicketPages, ticket: TicketView): TicketPages {
  const without = removeTicket(data, ticket.id);
  return mapPages(without, (tickets, index) => (index === 0 ? [ticket, ...tickets] : tickets));
}

/**
 * A `-ticket` update: replaced in place when the list keeps it, inserted on top when it newly belongs,
 * removed when it no longer does (an accepted ticket leaves Pending and enters Assigned).
 */
export function applyTicketUpdate(
  data: TicketPages,
  ticket: TicketView,
  filter: TicketListFilter,
  meId: number,
): TicketPages {
  if (!belongsToList(ticket, filter, meId)) return removeTicket(data, ticket.id);
  if (contains(data, ticket.id)) {
    return mapPages(data, (tickets) => tickets.map((t) => (t.id === ticket.id ? ticket : t)));
  }
  return filter.searchParam ? data : putOnTop(data, ticket);
}

/** A new message: the ticket moves to the top with its new last message. */
export function applyNewMessage(
  data: TicketPages,
  ticket: TicketView,
  filter: TicketListFilter,
  meId: number,
): TicketPages {
  if (!belongsToList(ticket, filter, meId)) return removeTicket(data, ticket.id);
  if (filter.searchParam && !contains(data, ticket.id)) return data;
  return putOnTop(data, ticket);
}

export function resetUnread(data: TicketPages, id: number): TicketPages {
  if (!contains(data, id)) return data;
  return mapPages(data, (tickets) =>
    tickets.map((ticket) => (ticket.id === id ? { ...ticket, unreadMessages: 0 } : ticket)),
  );
}

/** An edited contact: every loaded ticket of that contact shows its new name, number and picture. */
export function applyContactUpdate(data: TicketPages, contact: ContactView): TicketPages {
  const holds = data.pages.some((page) => page.tickets.some((ticket) => ticket.contact.id === contact.id));
  if (!holds) return data;
  return mapPages(data, (tickets) =>
    tickets.map((ticket) =>
      ticket.contact.id === contact.id ? { ...ticket, contact: { ...ticket.contact, ...contact } } : ticket,
    ),
  );
}

export const flattenTickets = (data: TicketPages | undefined): TicketView[] =>
  data ? data.pages.flatMap((page) => page.tickets) : [];
