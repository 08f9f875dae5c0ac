import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  routes,
  type QueueOptionInput,
  type QueueOptionWithChildren,
  type UpdateQueueOptionInput,
} from '@zapdesk/contracts';
import { callRoute } from '../../lib/api/client';
import { renumberAfterDelete, sortByOrdinal, type Ordinal } from './ordinals';

/** parentId -1 is the root level, as the API reads it. */
export const ROOT_PARENT = -1;

export const queueOptionKeys = {
  all: ['queue-options'] as const,
  queue: (queueId: number) => [...queueOptionKeys.all, queueId] as const,
  level: (queueId: number, parentId: number) => [...queueOptionKeys.queue(queueId), parentId] as const,
};

/** One level of a queue's chatbot tree, in menu order. */
export function useQueueOptionLevel(queueId: number, parentId: number) {
  return useQuery({
    queryKey: queueOptionKeys.level(queueId, parentId),
    queryFn: async ({ signal }) =>
      sortByOrdinal(
        await callRoute<typeof routes.queueOptions.list, QueueOptionWithChildren[]>(
          routes.queueOptions.list,
          {
            query: { queueId, parentId },
            signal,
          },
        ),
      ),
  });
}

function useRefreshLevel(queueId: number, parentId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queueOptionKeys.level(queueId, parentId) });
}

export function useCreateQueueOption(queueId: number, parentId: number) {
  const refresh = useRefreshLevel(queueId, parentId);
  return useMutation({
    mutationFn: (body: Omit<QueueOptionInput, 'queueId' | 'parentId'>): Promise<QueueOptionWithChildren> =>
      callRoute(routes.queueOptions.create, {
        body: { ...body, queueId, parentId: parentId === ROOT_PARENT ? null : parentId },
      }),
    onSuccess: refresh,
  });
}

export function useUpdateQueueOption(queueId: number, parentId: number) {
  const refresh = useRefreshLevel(queueId, parentId);
  return useMutation({
    mutationFn: ({
      id,
      body,
    }: {
      id: number;
      body: UpdateQueueOptionInput;
    }): Promise<QueueOptionWithChildren> => callRoute(routes.queueOptions.update, { params: { id }, body }),
    onSuccess: refresh,
  });
}

/**
 * Deletes an option (the server removes its subtree), then gives the remaining siblings their 1-based
 * positions and saves each one that changed, so the menu keeps counting 1, 2, 3…
 */
export function useDeleteQueueOption(queueId: number, parentId: number) {
  const queryClient = useQueryClient();
  const refresh = useRefreshLevel(queueId, parentId);
  return useMutation({
    mutationFn: async ({ id, siblings }: { id: number; siblings: readonly Ordinal[] }) => {
      await callRoute(routes.queueOptions.remove, { params: { id } });
      queryClient.removeQueries({ queryKey: queueOptionKeys.level(queueId, id) });
      for (const change of renumberAfterDelete(siblings, id)) {
        await callRoute(routes.queueOptions.update, {
          params: { id: change.id },
          body: { option: change.option },
        });
      }
    },
    // Refresh also after a failed renumbering: the delete itself may have gone through.
    onSettled: refresh,
  });
}
