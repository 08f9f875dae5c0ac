import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  routes,
  type ListQuickMessagesAnswer,
  type QuickMessageView,
  type UpdateQuickMessageInput,
} from '@zapdesk/contracts';
import { callRoute } from '../../lib/api/client';
import { containsText, removeFromLists, upsertInLists } from '../../lib/lists/liveCache';
import { usePagedSearch } from '../../lib/lists/usePagedSearch';

/** The folder the server keeps quick message files in (`typeArch` of the upload). */
export const QUICK_MESSAGE_TYPE_ARCH = 'quickMessage';

export const quickMessageKeys = {
  all: ['quick-messages'] as const,
  lists: (userId: number) => [...quickMessageKeys.all, 'list', userId] as const,
};

const matches = (record: QuickMessageView, search: string) => containsText(record.shortcode, search);

/** GET /quick-messages: the user's own quick messages plus the general ones, searchable and paged. */
export function useQuickMessageList(userId: number) {
  return usePagedSearch({
    key: quickMessageKeys.lists(userId),
    fetchPage: async (search, pageNumber, signal) => {
      const answer = await callRoute<typeof routes.quickMessages.list, ListQuickMessagesAnswer>(
        routes.quickMessages.list,
        { query: { searchParam: search, pageNumber, userId }, signal },
      );
      return { records: answer.records, hasMore: answer.hasMore };
    },
  });
}

export function useApplyQuickMessage(): (record: QuickMessageView) => void {
  const queryClient = useQueryClient();
  return (record) => upsertInLists(queryClient, quickMessageKeys.all, record, matches);
}

export function useRemoveQuickMessage(): (id: number) => void {
  const queryClient = useQueryClient();
  return (id) => removeFromLists<QuickMessageView>(queryClient, quickMessageKeys.all, id);
}

/** The fields the dialog edits; status and the attachment are left as they are. */
export type QuickMessageFields = Required<Pick<UpdateQuickMessageInput, 'shortcode' | 'message' | 'geral'>>;

export function useSaveQuickMessage() {
  const apply = useApplyQuickMessage();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: QuickMessageFields }): Promise<QuickMessageView> =>
      id === undefined
        ? callRoute(routes.quickMessages.create, { body })
        : callRoute(routes.quickMessages.update, { params: { id }, body }),
    onSuccess: apply,
  });
}

export function useDeleteQuickMessage() {
  const remove = useRemoveQuickMessage();
  return useMutation({
    mutationFn: (id: number) => callRoute(routes.quickMessages.remove, { params: { id } }),
    onSuccess: (_answer, id) => remove(id),
  });
}

/** Multipart `typeArch` and `file` on POST /quick-messages/:id/media-upload. */
export function useUploadQuickMessageMedia() {
  const apply = useApplyQuickMessage();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }): Promise<QuickMessageView> => {
      const body = new FormData();
      body.append('typeArch', QUICK_MESSAGE_TYPE_ARCH);
      body.append('file', file);
      return callRoute(routes.quickMessages.uploadMedia, { params: { id }, body });
    },
    onSuccess: apply,
  });
}

export function useRemoveQuickMessageMedia() {
  const apply = useApplyQuickMessage();
  return useMutation({
    mutationFn: (id: number): Promise<QuickMessageView> =>
      callRoute(routes.quickMessages.removeMedia, { params: { id } }),
    onSuccess: apply,
  });
}
