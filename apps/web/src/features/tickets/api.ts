import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  routes,
  type ListTicketsAnswer,
  type TicketDetailView,
  type TicketView,
  type UpdateTicketInput,
} from '@zapdesk/contracts';
import { callRoute } from '../../lib/api/client';
import type { TicketListFilter, TicketPages } from './cache';

export const ticketKeys = {
  all: ['tickets'] as const,
  lists: () => [...ticketKeys.all, 'list'] as const,
  list: (filter: TicketListFilter) => [...ticketKeys.lists(), filter] as const,
  details: () => [...ticketKeys.all, 'detail'] as const,
  detail: (uuid: string) => [...ticketKeys.details(), uuid] as const,
};

/** GET /tickets, 40 per page, next page while `hasMore`. */
export function useTicketList(filter: TicketListFilter, enabled = true) {
  return useInfiniteQuery({
    queryKey: ticketKeys.list(filter),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      callRoute<typeof routes.tickets.list, ListTicketsAnswer>(routes.tickets.list, {
        query: {
          pageNumber: pageParam,
          status: filter.status,
          searchParam: filter.searchParam || undefined,
          showAll: filter.showAll ? 'true' : undefined,
          queueIds: filter.queueIds?.length ? filter.queueIds : undefined,
          tags: filter.tags?.length ? filter.tags : undefined,
          users: filter.users?.length ? filter.users : undefined,
        },
        signal,
      }),
    getNextPageParam: (last, _all, lastParam) => (last.hasMore ? lastParam + 1 : undefined),
    enabled,
    // Live events keep the lists current; refetching would throw away what scrolling loaded.
    staleTime: Infinity,
  });
}

export type { TicketPages };

/** GET /tickets/u/:uuid; a 403 is handled by the page (toast + back to the list), not the shared toast. */
export function useTicket(uuid: string | undefined) {
  return useQuery({
    queryKey: ticketKeys.detail(uuid ?? ''),
    queryFn: ({ signal }) =>
      callRoute<typeof routes.tickets.getByUuid, TicketDetailView>(routes.tickets.getByUuid, {
        params: { uuid: uuid ?? '' },
        signal,
      }),
    enabled: Boolean(uuid),
    meta: { silent: true },
    retry: false,
  });
}

export function useUpdateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateTicketInput }): Promise<TicketView> =>
      callRoute(routes.tickets.update, { params: { id }, body }),
    onSuccess: (ticket) => void queryClient.invalidateQueries({ queryKey: ticketKeys.detail(ticket.uuid) }),
  });
}

const deleteTicketKey = [...ticketKeys.all, 'delete'] as const;

/** DELETE /tickets/:id, under a key that lets the open conversation know its ticket is going away. */
export function useDeleteTicket() {
  return useMutation({
    mutationKey: deleteTicketKey,
    mutationFn: (id: number) => callRoute(routes.tickets.remove, { params: { id } }),
  });
}

/** Whether this browser is deleting, or has just deleted, the ticket (its own `delete` event is no news). */
export function isDeletingTicket(queryClient: QueryClient, id: number): boolean {
  return (
    queryClient.isMutating({
      mutationKey: deleteTicketKey,
      predicate: (mutation) => mutation.state.variables === id,
    }) > 0 ||
    queryClient
      .getMutationCache()
      .findAll({ mutationKey: deleteTicketKey, status: 'success' })
      .some((mutation) => mutation.state.variables === id)
  );
}
