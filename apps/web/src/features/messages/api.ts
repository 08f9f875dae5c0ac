import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type ListMessagesAnswer, type MessageView } from '@zapdesk/contracts';
import { callRoute } from '../../lib/api/client';
import { upsertMessage, updateMessage, type MessagePages } from './cache';

export const messageKeys = {
  all: ['messages'] as const,
  list: (ticketId: number) => [...messageKeys.all, 'list', ticketId] as const,
};

/** GET /messages/:ticketId, 20 per page from the newest; older pages on demand. */
export function useMessageList(ticketId: number) {
  return useInfiniteQuery({
    queryKey: messageKeys.list(ticketId),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      callRoute<typeof routes.messages.list, ListMessagesAnswer>(routes.messages.list, {
        params: { ticketId },
        query: { pageNumber: pageParam },
        signal,
      }),
    getNextPageParam: (last, _all, lastParam) => (last.hasMore ? lastParam + 1 : undefined),
    // Live events keep an open chat current, so it is never refetched while shown; but they only reach an
    // open chat, so opening it again reloads what came while it was away (showing the cached pages meanwhile).
    staleTime: Infinity,
    refetchOnMount: 'always',
    gcTime: 60_000,
  });
}

export function usePatchMessages(ticketId: number) {
  const queryClient = useQueryClient();
  return {
    upsert: (message: MessageView) =>
      queryClient.setQueryData<MessagePages>(messageKeys.list(ticketId), (data) =>
        data ? upsertMessage(data, message) : data,
      ),
    update: (message: MessageView) =>
      queryClient.setQueryData<MessagePages>(messageKeys.list(ticketId), (data) =>
        data ? updateMessage(data, message) : data,
      ),
  };
}

export interface SendInput {
  body: string;
  quotedMsg?: MessageView | null;
  files?: File[];
}

/** POST /messages/:ticketId: JSON for text, multipart `medias` with the caption for files. */
export function useSendMessage(ticketId: number) {
  const { upsert } = usePatchMessages(ticketId);
  return useMutation({
    mutationFn: ({ body, quotedMsg, files }: SendInput): Promise<{ messages: MessageView[] }> => {
      if (files?.length) {
        const form = new FormData();
        files.forEach((file) => form.append('medias', file));
        form.append('body', body);
        form.append('fromMe', 'true');
        if (quotedMsg) form.append('quotedMsg', JSON.stringify({ id: quotedMsg.id }));
        return callRoute(routes.messages.send, { params: { ticketId }, body: form });
      }
      return callRoute(routes.messages.send, {
        params: { ticketId },
        body: { body, fromMe: true, read: true, quotedMsg: quotedMsg ? { id: quotedMsg.id } : null },
      });
    },
    onSuccess: (answer) => answer.messages?.forEach(upsert),
  });
}

export function useDeleteMessage() {
  return useMutation({
    mutationFn: (id: number) => callRoute(routes.messages.remove, { params: { id } }),
  });
}
