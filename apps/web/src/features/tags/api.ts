import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type ListTagsAnswer, type TagInput, type TagView } from '@zapdesk/contracts';
import { callRoute } from '../../lib/api/client';
import { containsText, removeFromLists, upsertInLists } from '../../lib/lists/liveCache';
import type { RecordPage } from '../../lib/lists/pages';
import { usePagedSearch } from '../../lib/lists/usePagedSearch';

export const tagKeys = {
  all: ['tags'] as const,
  lists: () => [...tagKeys.all, 'list'] as const,
};

export const tagMatches = (tag: TagView, search: string): boolean => containsText(tag.name, search);

async function fetchTagPage(
  search: string,
  pageNumber: number,
  signal: AbortSignal,
): Promise<RecordPage<TagView>> {
  const answer = await callRoute<typeof routes.tags.list, ListTagsAnswer>(routes.tags.list, {
    query: { searchParam: search, pageNumber },
    signal,
  });
  return { records: answer.tags, hasMore: answer.hasMore };
}

/** GET /tags: searchable, paged, with ticket counts. */
export function useTagList() {
  return usePagedSearch({ key: tagKeys.lists(), fetchPage: fetchTagPage });
}

export function useApplySavedTag(): (tag: TagView) => void {
  const queryClient = useQueryClient();
  return (tag) => upsertInLists(queryClient, tagKeys.lists(), tag, tagMatches);
}

export function useRemoveTagFromLists(): (id: number) => void {
  const queryClient = useQueryClient();
  return (id) => removeFromLists<TagView>(queryClient, tagKeys.lists(), id);
}

/** POST /tags without an id, PUT /tags/:id with one. */
export function useSaveTag() {
  const apply = useApplySavedTag();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: TagInput }): Promise<TagView> =>
      id === undefined
        ? callRoute(routes.tags.create, { body })
        : callRoute(routes.tags.update, { params: { id }, body }),
    onSuccess: apply,
  });
}

export function useDeleteTag() {
  const remove = useRemoveTagFromLists();
  return useMutation({
    mutationFn: (id: number) => callRoute(routes.tags.remove, { params: { id } }),
    onSuccess: (_answer, id) => remove(id),
  });
}
