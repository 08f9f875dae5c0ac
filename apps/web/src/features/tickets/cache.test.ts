import type { ContactView, TicketView } from '@zapdesk/contracts';
import { describe, expect, it } from 'vitest';
import {
  applyContactUpdate,
  applyNewMessage,
  applyTicketUpdate,
  belongsToList,
  flattenTickets,
  removeTicket,
  resetUnread,
  type TicketListFilter,
  type TicketPages,
} from './cache';

const ME = 7;

const ticket = (id: number, patch: Partial<TicketView> = {}): TicketView =>
  ({
    id,
    uuid: `uuid-${id}`,
    status: 'pending',
    userId: null,
    queueId: null,
    tags: [],
    lastMessage: `last ${id}`,
    unreadMessages: 0,
    contact: { name: `Contact ${id}` },
    updatedAt: '2026-11-22T10:00:00Z',
    ...patch,
  }) as TicketView;

const pages = (...chunks: TicketView[][]): TicketPages => ({
  pageParams: chunks.map((_c, index) => index + 1),
  pages: chunks.map((tickets) => ({ tickets, count: tickets.length, hasMore: false })),
});

const ids = (data: TicketPages) => flattenTickets(data).map((t) => t.id);

const pending: TicketListFilter = { status: 'pending' };
const assigned: TicketListFilter = { status: 'open' };

describe('ticket list cache', () => {
  it('moves an accepted ticket from Pending to Assigned', () => {
    const accepted = ticket(2, { status: 'open', userId: ME });
    const pendingList = applyTicketUpdate(pages([ticket(1), ticket(2)]), accepted, pending, ME);
    const assignedList = applyTicketUpdate(
      pages([ticket(3, { status: 'open', userId: ME })]),
      accepted,
      assigned,
      ME,
    );
    expect(ids(pendingList)).toEqual([1]);
    expect(ids(assignedList)).toEqual([2, 3]);
  });

  it('moves a returned ticket back to Pending and a resolved one out of both', () => {
    const returned = ticket(3, { status: 'pending' });
    expect(
      ids(applyTicketUpdate(pages([ticket(3, { status: 'open', userId: ME })]), returned, assigned, ME)),
    ).toEqual([]);
    expect(ids(applyTicketUpdate(pages([ticket(1)]), returned, pending, ME))).toEqual([3, 1]);
    const closed = ticket(1, { status: 'closed', userId: ME });
    expect(ids(applyTicketUpdate(pages([ticket(1)]), closed, pending, ME))).toEqual([]);
    expect(ids(applyTicketUpdate(pages([]), closed, { status: 'closed' }, ME))).toEqual([1]);
  });

  it("keeps other users' open tickets out unless show-all is on", () => {
    const theirs = ticket(4, { status: 'open', userId: 99 });
    expect(belongsToList(theirs, assigned, ME)).toBe(false);
    expect(belongsToList(theirs, { ...assigned, showAll: true }, ME)).toBe(true);
  });

  it('applies the queue and tag filters', () => {
    const inQueue = ticket(5, { queueId: 2, tags: [{ id: 1, name: 'a', color: '#000' }] });
    expect(belongsToList(inQueue, { ...pending, queueIds: [2] }, ME)).toBe(true);
    expect(belongsToList(inQueue, { ...pending, queueIds: [3] }, ME)).toBe(false);
    expect(belongsToList(inQueue, { ...pending, tags: [1] }, ME)).toBe(true);
    expect(belongsToList(inQueue, { ...pending, tags: [1, 2] }, ME)).toBe(false);
    expect(belongsToList(ticket(6, { status: 'open', userId: 3 }), { showAll: true, users: [3] }, ME)).toBe(
      true,
    );
    expect(belongsToList(inQueue, { users: [3] }, ME)).toBe(false);
  });

  it('replaces a ticket in place on update and never inserts into a search', () => {
    const data = pages([ticket(1), ticket(2)], [ticket(3)]);
    const updated = applyTicketUpdate(data, ticket(3, { lastMessage: 'new' }), pending, ME);
    expect(ids(updated)).toEqual([1, 2, 3]);
    expect(flattenTickets(updated)[2]?.lastMessage).toBe('new');
    expect(ids(applyTicketUpdate(data, ticket(9), { searchParam: 'x' }, ME))).toEqual([1, 2, 3]);
  });

  it('bumps a ticket to the top on a new message', () => {
    const data = pages([ticket(1), ticket(2)], [ticket(3)]);
    const bumped = applyNewMessage(data, ticket(3, { lastMessage: 'hello', unreadMessages: 2 }), pending, ME);
    expect(ids(bumped)).toEqual([3, 1, 2]);
    expect(flattenTickets(bumped)[0]?.lastMessage).toBe('hello');
  });

  it('removes deleted tickets and zeroes unread badges', () => {
    const data = pages([ticket(1, { unreadMessages: 4 }), ticket(2)]);
    expect(ids(removeTicket(data, 2))).toEqual([1]);
    expect(flattenTickets(resetUnread(data, 1))[0]?.unreadMessages).toBe(0);
    expect(removeTicket(data, 42)).toBe(data);
  });

  it('renames the contact of every loaded ticket of that contact and leaves other lists untouched', () => {
    const data = pages([ticket(1, { contact: { id: 5, name: 'Old' } as TicketView['contact'] }), ticket(2)]);
    const renamed = applyContactUpdate(data, { id: 5, name: 'New', number: '5511999990000' } as ContactView);
    expect(flattenTickets(renamed).map((t) => t.contact.name)).toEqual(['New', 'Contact 2']);
    expect(flattenTickets(renamed)[0]?.contact.number).toBe('5511999990000');
    expect(applyContactUpdate(data, { id: 99, name: 'Other' } as ContactView)).toBe(data);
  });
});
