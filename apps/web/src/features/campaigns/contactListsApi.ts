import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  routes,
  type ContactListInput,
  type ContactListItemInput,
  type ContactListItemView,
  type ContactListUploadAnswer,
  type ContactListView,
  type ListContactListItemsAnswer,
  type ListContactListsAnswer,
} from '@zapdesk/contracts';
import { callRoute } from '../../lib/api/client';
import { containsText, removeFromLists, upsertInLists } from '../../lib/lists/liveCache';
import type { RecordPage } from '../../lib/lists/pages';
import { usePagedSearch } from '../../lib/lists/usePagedSearch';
import { saveBlob } from '../../lib/saveBlob';

export const contactListKeys = {
  all: ['contact-lists'] as const,
  lists: () => [...contactListKeys.all, 'list'] as const,
  one: (id: number) => [...contactListKeys.all, 'one', id] as const,
  items: (listId: number) => ['contact-list-items', listId] as const,
};

/** GET /contact-lists: searchable, paged, with item counts. */
export function useContactLists() {
  return usePagedSearch({
    key: contactListKeys.lists(),
    fetchPage: async (search, pageNumber, signal): Promise<RecordPage<ContactListView>> => {
      const answer = await callRoute<typeof routes.contactLists.list, ListContactListsAnswer>(
        routes.contactLists.list,
        { query: { searchParam: search, pageNumber }, signal },
      );
      return { records: answer.records, hasMore: answer.hasMore };
    },
  });
}

export function useContactList(id: number) {
  return useQuery({
    queryKey: contactListKeys.one(id),
    queryFn: (): Promise<ContactListView> => callRoute(routes.contactLists.get, { params: { id } }),
  });
}

/** GET /contact-lists/list: every list (the campaign dialog's select). */
export function useAllContactLists() {
  return useQuery({
    queryKey: [...contactListKeys.all, 'all'],
    queryFn: (): Promise<ContactListView[]> => callRoute(routes.contactLists.listAll),
  });
}

export function useApplyContactList() {
  const client = useQueryClient();
  return {
    upsert: (list: ContactListView) =>
      upsertInLists(client, contactListKeys.lists(), list, (l, search) => containsText(l.name, search)),
    remove: (id: number) => removeFromLists<ContactListView>(client, contactListKeys.lists(), id),
  };
}

export function useSaveContactList() {
  const apply = useApplyContactList();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: ContactListInput }): Promise<ContactListView> =>
      id === undefined
        ? callRoute(routes.contactLists.create, { body })
        : callRoute(routes.contactLists.update, { params: { id }, body }),
    onSuccess: apply.upsert,
  });
}

export function useDeleteContactList() {
  const apply = useApplyContactList();
  return useMutation({
    mutationFn: (id: number) => callRoute(routes.contactLists.remove, { params: { id } }),
    onSuccess: (_answer, id) => apply.remove(id),
  });
}

/** GET /contact-list-items of one list: searchable, paged. */
export function useContactListItems(listId: number) {
  return usePagedSearch({
    key: contactListKeys.items(listId),
    fetchPage: async (search, pageNumber, signal): Promise<RecordPage<ContactListItemView>> => {
      const answer = await callRoute<typeof routes.contactListItems.list, ListContactListItemsAnswer>(
        routes.contactListItems.list,
        { query: { searchParam: search, pageNumber, contactListId: listId }, signal },
      );
      return { records: answer.contacts, hasMore: answer.hasMore };
    },
  });
}

export function useApplyItem(listId: number) {
  const client = useQueryClient();
  return {
    upsert: (item: ContactListItemView) => {
      upsertInLists(
        client,
        contactListKeys.items(listId),
        item,
        (i, search) => containsText(i.name, search) || i.number.includes(search),
      );
      // A page read still in flight (after an import's reload) may predate this change: read it again.
      if (client.isFetching({ queryKey: contactListKeys.items(listId) }) > 0) {
        void client.invalidateQueries({ queryKey: contactListKeys.items(listId) });
      }
    },
    remove: (id: number) => removeFromLists<ContactListItemView>(client, contactListKeys.items(listId), id),
    reload: () => client.invalidateQueries({ queryKey: contactListKeys.items(listId) }),
  };
}

export function useSaveItem(listId: number) {
  const apply = useApplyItem(listId);
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: ContactListItemInput }): Promise<ContactListItemView> =>
      id === undefined
        ? callRoute(routes.contactListItems.create, { body })
        : callRoute(routes.contactListItems.update, { params: { id }, body }),
    onSuccess: apply.upsert,
  });
}

export function useDeleteItem(listId: number) {
  const apply = useApplyItem(listId);
  return useMutation({
    mutationFn: (id: number) => callRoute(routes.contactListItems.remove, { params: { id } }),
    onSuccess: (_answer, id) => apply.remove(id),
  });
}

/** POST /contact-lists/:id/upload with the chosen .xls/.xlsx. */
export function useImportItems(listId: number) {
  const apply = useApplyItem(listId);
  return useMutation({
    mutationFn: (file: File): Promise<ContactListUploadAnswer> => {
      const body = new FormData();
      body.append('file', file);
      return callRoute(routes.contactLists.upload, { params: { id: listId }, body });
    },
    onSuccess: () => void apply.reload(),
  });
}

/** GET /contact-lists/:id/export.csv, saved as contatos.csv. */
export async function downloadItemsCsv(listId: number): Promise<void> {
  const answer = await callRoute<typeof routes.contactLists.exportCsv, unknown>(
    routes.contactLists.exportCsv,
    {
      params: { id: listId },
    },
  );
  saveBlob(
    new Blob([typeof answer === 'string' ? answer : ''], { type: 'text/csv;charset=utf-8' }),
    'contatos.csv',
  );
}
