import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type TicketNoteInput, type TicketNoteView } from '@zapdesk/contracts';
import { callRoute } from '../../lib/api/client';

export const ticketNoteKeys = {
  all: ['ticket-notes'] as const,
  list: (ticketId: number, contactId: number) => [...ticketNoteKeys.all, ticketId, contactId] as const,
};

/** GET /ticket-notes/list: the ticket's notes about its contact, newest first. */
export function useTicketNotes(ticketId: number, contactId: number) {
  return useQuery({
    queryKey: ticketNoteKeys.list(ticketId, contactId),
    queryFn: ({ signal }) =>
      callRoute<typeof routes.ticketNotes.list, TicketNoteView[]>(routes.ticketNotes.list, {
        query: { ticketId, contactId },
        signal,
      }),
  });
}

export function useAddTicketNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TicketNoteInput): Promise<TicketNoteView> =>
      callRoute(routes.ticketNotes.create, { body }),
    onSuccess: (note) =>
      queryClient.setQueryData<TicketNoteView[]>(
        ticketNoteKeys.list(note.ticketId, note.contactId),
        (old) => [note, ...(old ?? []).filter((n) => n.id !== note.id)],
      ),
  });
}

export function useDeleteTicketNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: TicketNoteView) => callRoute(routes.ticketNotes.remove, { params: { id: note.id } }),
    onSuccess: (_answer, note) =>
      queryClient.setQueryData<TicketNoteView[]>(ticketNoteKeys.list(note.ticketId, note.contactId), (old) =>
        (old ?? []).filter((n) => n.id !== note.id),
      ),
  });
}
