import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ContactView, TicketDetailView, TicketView } from '@zapdesk/contracts';
import { useCurrentUser } from '../auth/sessionContext';
import { useCompanyEvent } from '../../lib/socket/RealtimeContext';
import { ticketKeys } from './api';
import {
  applyContactUpdate,
  applyNewMessage,
  applyTicketUpdate,
  removeTicket,
  resetUnread,
  type TicketListFilter,
  type TicketPages,
} from './cache';
import { isAppMessageEvent, isTicketEvent } from './events';

/** Runs `patch` over every loaded ticket list with the filter its key was built from. */
function patchLists(
  queryClient: QueryClient,
  patch: (data: TicketPages, filter: TicketListFilter) => TicketPages,
): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: ticketKeys.lists() })) {
    const filter = query.queryKey[2] as TicketListFilter | undefined;
    const data = query.state.data as TicketPages | undefined;
    if (!filter || !data) continue;
    const next = patch(data, filter);
    if (next !== data) queryClient.setQueryData(query.queryKey, next);
  }
}

function patchDetail(queryClient: QueryClient, ticket: TicketView): void {
  queryClient.setQueryData<TicketDetailView>(ticketKeys.detail(ticket.uuid), (old) =>
    old
      ? {
          ...old,
          ...ticket,
          contact: { ...old.contact, ...ticket.contact },
          queue: ticket.queue ? { promptId: null, integrationId: null, ...old.queue, ...ticket.queue } : null,
        }
      : old,
  );
}

/** Shows an edited contact in every loaded ticket list and open conversation of that contact. */
export function useApplyContactToTickets(): (contact: ContactView) => void {
  const queryClient = useQueryClient();
  return (contact) => {
    patchLists(queryClient, (data) => applyContactUpdate(data, contact));
    for (const query of queryClient.getQueryCache().findAll({ queryKey: ticketKeys.details() })) {
      queryClient.setQueryData<TicketDetailView>(query.queryKey, (old) =>
        old && old.contact.id === contact.id ? { ...old, contact: { ...old.contact, ...contact } } : old,
      );
    }
  };
}

const isContactUpdate = (payload: unknown): payload is { action: 'update'; contact: ContactView } =>
  typeof payload === 'object' &&
  payload !== null &&
  'action' in payload &&
  payload.action === 'update' &&
  'contact' in payload &&
  typeof payload.contact === 'object' &&
  payload.contact !== null;

/**
 * Keeps every loaded ticket list current from `-ticket`, `-appMessage` and `-contact` (spec 1 section 4): updates move
 * tickets between tabs, deletes remove them, unread resets clear the badge, new messages bump to the top.
 * Mounted once by the notifications bell, which the shell always renders.
 */
export function useTicketListsLive(): void {
  const queryClient = useQueryClient();
  const me = useCurrentUser().id;
  useCompanyEvent('ticket', (payload) => {
    if (!isTicketEvent(payload)) return;
    if (payload.action === 'update') {
      const { ticket } = payload;
      patchLists(queryClient, (data, filter) => applyTicketUpdate(data, ticket, filter, me));
      patchDetail(queryClient, ticket);
    } else if (payload.action === 'delete') {
      patchLists(queryClient, (data) => removeTicket(data, payload.ticketId));
    } else {
      patchLists(queryClient, (data) => resetUnread(data, payload.ticketId));
    }
  });
  const applyContact = useApplyContactToTickets();
  useCompanyEvent('contact', (payload) => {
    if (isContactUpdate(payload)) applyContact(payload.contact);
  });
  useCompanyEvent('appMessage', (payload) => {
    if (!isAppMessageEvent(payload) || payload.action !== 'create') return;
    const { ticket } = payload;
    patchLists(queryClient, (data, filter) => applyNewMessage(data, ticket, filter, me));
  });
}
