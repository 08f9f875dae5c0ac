import { useQueryClient } from '@tanstack/react-query';
import type { TicketView } from '@zapdesk/contracts';
import { useCompanyEvent } from '../../lib/socket/RealtimeContext';
import { isAppMessageEvent, isTicketEvent } from '../tickets/events';
import { kanbanKeys, patchCards, type KanbanPages } from './api';
import { onBoard } from './board';

/**
 * Keeps the board current: a ticket update replaces its card (or drops it once closed), a delete drops it, a new
 * message refreshes the card's last message; a tag change reloads the lanes. Tickets the board has not loaded
 * are added first.
 */
export function useKanbanLive(): void {
  const queryClient = useQueryClient();
  const replace = (ticket: TicketView) => {
    let seen = false;
    patchCards(queryClient, (tickets) => {
      if (!onBoard(ticket)) return tickets.filter((t) => t.id !== ticket.id);
      return tickets.map((t) => {
        if (t.id !== ticket.id) return t;
        seen = true;
        return { ...t, ...ticket };
      });
    });
    // A card new to the board (a new ticket, a reopened one): its event reached this user's rooms, so it is one
    // they may see; it goes first, as the newest activity.
    if (!seen && onBoard(ticket)) {
      queryClient.setQueriesData<KanbanPages>({ queryKey: kanbanKeys.cards() }, (data) => {
        const [first, ...rest] = data?.pages ?? [];
        return data && first
          ? { ...data, pages: [{ ...first, tickets: [ticket, ...first.tickets] }, ...rest] }
          : data;
      });
    }
  };
  useCompanyEvent('ticket', (payload) => {
    if (!isTicketEvent(payload)) return;
    if (payload.action === 'update') replace(payload.ticket);
    else if (payload.action === 'delete') {
      const gone = payload.ticketId;
      patchCards(queryClient, (tickets) => tickets.filter((t) => t.id !== gone));
    }
  });
  useCompanyEvent('appMessage', (payload) => {
    if (isAppMessageEvent(payload) && payload.action === 'create') replace(payload.ticket);
  });
  useCompanyEvent('tag', () => {
    void queryClient.invalidateQueries({ queryKey: kanbanKeys.lanes() });
  });
}
