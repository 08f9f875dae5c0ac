import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  routes,
  type ListQueueIntegrationsAnswer,
  type QueueIntegrationInput,
  type QueueIntegrationView,
  type TestSessionAnswer,
  type TestSessionInput,
} from '@zapdesk/contracts';
import { callRoute } from '../../lib/api/client';
import { containsText, removeFromLists, upsertInLists } from '../../lib/lists/liveCache';
import type { RecordPage } from '../../lib/lists/pages';
import { usePagedSearch } from '../../lib/lists/usePagedSearch';

export const integrationKeys = {
  all: ['queueIntegrations'] as const,
  lists: () => [...integrationKeys.all, 'list'] as const,
};

export const integrationMatches = (integration: QueueIntegrationView, search: string): boolean =>
  containsText(integration.name, search);

async function fetchIntegrationPage(
  search: string,
  pageNumber: number,
  signal: AbortSignal,
): Promise<RecordPage<QueueIntegrationView>> {
  const answer = await callRoute<typeof routes.queueIntegrations.list, ListQueueIntegrationsAnswer>(
    routes.queueIntegrations.list,
    { query: { searchParam: search, pageNumber }, signal },
  );
  return { records: answer.queueIntegrations, hasMore: answer.hasMore };
}

/** GET /queueIntegration: searchable and paged. */
export function useIntegrationList() {
  return usePagedSearch({ key: integrationKeys.lists(), fetchPage: fetchIntegrationPage });
}

export function useApplySavedIntegration(): (integration: QueueIntegrationView) => void {
  const queryClient = useQueryClient();
  return (integration) =>
    upsertInLists(queryClient, integrationKeys.lists(), integration, integrationMatches);
}

export function useRemoveIntegrationFromLists(): (id: number) => void {
  const queryClient = useQueryClient();
  return (id) => removeFromLists<QueueIntegrationView>(queryClient, integrationKeys.lists(), id);
}

export function useSaveIntegration() {
  const apply = useApplySavedIntegration();
  return useMutation({
    mutationFn: ({
      id,
      body,
    }: {
      id?: number;
      body: QueueIntegrationInput;
    }): Promise<QueueIntegrationView> =>
      id === undefined
        ? callRoute(routes.queueIntegrations.create, { body })
        : callRoute(routes.queueIntegrations.update, { params: { id }, body }),
    onSuccess: apply,
  });
}

export function useDeleteIntegration() {
  const remove = useRemoveIntegrationFromLists();
  return useMutation({
    mutationFn: (id: number) => callRoute(routes.queueIntegrations.remove, { params: { id } }),
    onSuccess: (_answer, id) => remove(id),
  });
}

/** The Dialogflow Test button: one detect-intent with the dialog's credentials (its own toasts). */
export function useTestSession() {
  return useMutation({
    mutationFn: (body: TestSessionInput): Promise<TestSessionAnswer> =>
      callRoute(routes.queueIntegrations.testSession, { body }),
    meta: { silent: true },
  });
}
