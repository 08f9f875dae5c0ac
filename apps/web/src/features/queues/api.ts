import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type QueueInput, type QueueView } from '@zapdesk/contracts';
import { callRoute } from '../../lib/api/client';
import { removeQueue, sortQueues, upsertQueue } from './queueList';

export const queueKeys = {
  all: ['queues'] as const,
  list: () => [...queueKeys.all, 'list'] as const,
  detail: (id: number) => [...queueKeys.all, 'detail', id] as const,
};

export function useQueueList() {
  return useQuery({
    queryKey: queueKeys.list(),
    queryFn: async ({ signal }) =>
      sortQueues(await callRoute<typeof routes.queues.list, QueueView[]>(routes.queues.list, { signal })),
  });
}

export function useQueue(id: number | undefined) {
  return useQuery({
    queryKey: queueKeys.detail(id ?? 0),
    queryFn: ({ signal }) =>
      callRoute<typeof routes.queues.get, QueueView>(routes.queues.get, { params: { id: id ?? 0 }, signal }),
    enabled: id !== undefined,
  });
}

/** Puts a saved queue in the list and detail caches right away (the socket event may come later). */
export function useApplySavedQueue(): (queue: QueueView) => void {
  const queryClient = useQueryClient();
  return (queue) => {
    queryClient.setQueryData<QueueView[]>(queueKeys.list(), (list) => list && upsertQueue(list, queue));
    queryClient.setQueryData(queueKeys.detail(queue.id), queue);
  };
}

export interface SaveQueueVariables {
  id?: number;
  body: QueueInput;
}

/** POST /queue without an id, PUT /queue/:id with one. Errors are shown by the dialog (colour field). */
export function useSaveQueue() {
  const apply = useApplySavedQueue();
  return useMutation({
    mutationFn: ({ id, body }: SaveQueueVariables): Promise<QueueView> =>
      id === undefined
        ? callRoute(routes.queues.create, { body })
        : callRoute(routes.queues.update, { params: { id }, body }),
    onSuccess: apply,
  });
}

export function useDeleteQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callRoute(routes.queues.remove, { params: { id } }),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<QueueView[]>(queueKeys.list(), (list) => list && removeQueue(list, id));
      queryClient.removeQueries({ queryKey: queueKeys.detail(id) });
    },
  });
}

/** Multipart `file` on POST /queue/:id/media-upload: the media sent after the greeting. */
export function useUploadQueueMedia() {
  const apply = useApplySavedQueue();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }): Promise<QueueView> => {
      const body = new FormData();
      body.append('file', file);
      return callRoute(routes.queues.uploadMedia, { params: { id }, body });
    },
    onSuccess: apply,
  });
}

export function useRemoveQueueMedia() {
  const apply = useApplySavedQueue();
  return useMutation({
    mutationFn: (id: number): Promise<QueueView> => callRoute(routes.queues.removeMedia, { params: { id } }),
    onSuccess: apply,
  });
}
