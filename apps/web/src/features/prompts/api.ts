import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type ListPromptsAnswer, type PromptInput, type PromptView } from '@zapdesk/contracts';
import { callRoute } from '../../lib/api/client';
import { containsText, removeFromLists, upsertInLists } from '../../lib/lists/liveCache';
import type { RecordPage } from '../../lib/lists/pages';
import { usePagedSearch } from '../../lib/lists/usePagedSearch';

export const promptKeys = {
  all: ['prompts'] as const,
  lists: () => [...promptKeys.all, 'list'] as const,
};

export const promptMatches = (prompt: PromptView, search: string): boolean =>
  containsText(prompt.name, search);

/** GET /prompt answers every prompt at once; the search filters them here. */
async function fetchPromptPage(
  search: string,
  _page: number,
  signal: AbortSignal,
): Promise<RecordPage<PromptView>> {
  const answer = await callRoute<typeof routes.prompts.list, ListPromptsAnswer>(routes.prompts.list, {
    signal,
  });
  return { records: answer.prompts.filter((prompt) => promptMatches(prompt, search)), hasMore: false };
}

export function usePromptList() {
  return usePagedSearch({ key: promptKeys.lists(), fetchPage: fetchPromptPage });
}

export function useApplySavedPrompt(): (prompt: PromptView) => void {
  const queryClient = useQueryClient();
  return (prompt) => upsertInLists(queryClient, promptKeys.lists(), prompt, promptMatches);
}

export function useRemovePromptFromLists(): (id: number) => void {
  const queryClient = useQueryClient();
  return (id) => removeFromLists<PromptView>(queryClient, promptKeys.lists(), id);
}

/** POST /prompt without an id, PUT /prompt/:id with one (a masked key keeps the stored one). */
export function useSavePrompt() {
  const apply = useApplySavedPrompt();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: PromptInput }): Promise<PromptView> =>
      id === undefined
        ? callRoute(routes.prompts.create, { body })
        : callRoute(routes.prompts.update, { params: { id }, body }),
    onSuccess: apply,
  });
}

export function useDeletePrompt() {
  const remove = useRemovePromptFromLists();
  return useMutation({
    mutationFn: (id: number) => callRoute(routes.prompts.remove, { params: { id } }),
    onSuccess: (_answer, id) => remove(id),
  });
}
