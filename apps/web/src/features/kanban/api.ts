import { useEffect } from 'react';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import {
  routes,
  type KanbanTagsAnswer,
  type ListTicketsAnswer,
  type TagView,
  type TicketView,
} from '@zapdesk/contracts';
import { callRoute } from '../../lib/api/client';
import { movedTicket, OPEN_LANE, type LaneId } from './board';

/** Who asks: admins see every card (showAll); others send their queue ids (spec 2 section 6). */
export interface KanbanFilter {
  showAll: boolean;
  queueIds: number[];
}

export type KanbanPages = InfiniteData<ListTicketsAnswer, number>;

export const kanbanKeys = {
  all: ['kanban'] as const,
  lanes: () => [...kanbanKeys.all, 'lanes'] as const,
  cards: () => [...kanbanKeys.all, 'cards'] as const,
  cardList: (filter: KanbanFilter) => [...kanbanKeys.cards(), filter] as const,
};

/** Pages loaded at most: 100 × 40 cards. */
const MAX_PAGES = 100;

/** GET /tags/kanban: the lanes, by id. */
export function useKanbanLanes() {
  return useQuery({
    queryKey: kanbanKeys.lanes(),
    queryFn: async ({ signal }) =>
      (await callRoute<typeof routes.tags.kanban, KanbanTagsAnswer>(routes.tags.kanban, { signal })).lista,
  });
}

/** GET /ticket/kanban page after page until every card is loaded (the lanes virtualise what they show). */
export function useKanbanCards(filter: KanbanFilter) {
  const query = useInfiniteQuery({
    queryKey: kanbanKeys.cardList(filter),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      callRoute<typeof routes.tickets.kanban, ListTicketsAnswer>(routes.tickets.kanban, {
        query: {
          pageNumber: pageParam,
          showAll: filter.showAll ? 'true' : undefined,
          queueIds: filter.showAll ? undefined : filter.queueIds,
        },
        signal,
      }),
    getNextPageParam: (last, all, lastParam) =>
      last.hasMore && all.length < MAX_PAGES ? lastParam + 1 : undefined,
    staleTime: Infinity,
  });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  return query;
}

/** Runs `patch` over every loaded card list. */
export function patchCards(
  queryClient: ReturnType<typeof useQueryClient>,
  patch: (tickets: TicketView[]) => TicketView[],
): void {
  queryClient.setQueriesData<KanbanPages>({ queryKey: kanbanKeys.cards() }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, tickets: patch(page.tickets) })) } : data,
  );
}

/**
 * A lane move: DELETE /ticket-tags/:ticketId takes the lane tag off, PUT /ticket-tags/:ticketId/:tagId puts the
 * target's on. The card moves at once and comes back if the server refuses (the error is toasted).
 */
export function useMoveCard() {
  const queryClient = useQueryClient();
  return useMutation({
    // The page says the card went back; the shared error toast would say it twice.
    meta: { silent: true },
    mutationFn: async ({ ticket, target }: { ticket: TicketView; target: LaneId; lanes: TagView[] }) => {
      await callRoute(routes.ticketTags.removeKanban, { params: { ticketId: ticket.id } });
      if (target !== OPEN_LANE) {
        await callRoute(routes.ticketTags.add, { params: { ticketId: ticket.id, tagId: target } });
      }
    },
    onMutate: async ({ ticket, target, lanes }) => {
      await queryClient.cancelQueries({ queryKey: kanbanKeys.cards() });
      const before = queryClient.getQueriesData<KanbanPages>({ queryKey: kanbanKeys.cards() });
      const moved = movedTicket(ticket, target, lanes);
      patchCards(queryClient, (tickets) => tickets.map((t) => (t.id === ticket.id ? moved : t)));
      return { before };
    },
    onError: (_error, _vars, context) => {
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data);
    },
  });
}
