import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  routes,
  type ContactDetailView,
  type ContactInput,
  type ContactUploadAnswer,
  type ContactView,
  type CreateTicketInput,
  type ListContactsAnswer,
  type TicketView,
} from '@zapdesk/contracts';
import { callRoute } from '../../lib/api/client';
import { containsText, removeFromLists, upsertInLists } from '../../lib/lists/liveCache';
import type { RecordPage } from '../../lib/lists/pages';
import { usePagedSearch } from '../../lib/lists/usePagedSearch';
import { saveBlob } from '../../lib/saveBlob';
import type { PostContactRows } from './import/uploadContactRows';

export const contactKeys = {
  all: ['contacts'] as const,
  lists: () => [...contactKeys.all, 'list'] as const,
  detail: (id: number) => [...contactKeys.all, 'detail', id] as const,
};

/** The server searches name and number. */
export const contactMatches = (contact: ContactView, search: string): boolean =>
  containsText(contact.name, search) || containsText(contact.number, search);

async function fetchContactPage(
  search: string,
  pageNumber: number,
  signal: AbortSignal,
): Promise<RecordPage<ContactView>> {
  const answer = await callRoute<typeof routes.contacts.list, ListContactsAnswer>(routes.contacts.list, {
    query: { searchParam: search, pageNumber },
    signal,
  });
  return { records: answer.contacts, hasMore: answer.hasMore };
}

/** GET /contacts: searchable, 30 per page. */
export function useContactList() {
  return usePagedSearch({ key: contactKeys.lists(), fetchPage: fetchContactPage });
}

/** Contact search fields start searching at 3 characters (spec 1 section 5). */
export const CONTACT_SEARCH_MIN_LENGTH = 3;

/** The first page of GET /contacts for a search of 3 characters or more (pickers). */
export function useContactSearch(search: string) {
  return useQuery({
    queryKey: [...contactKeys.all, 'search', search] as const,
    queryFn: ({ signal }) => fetchContactPage(search, 1, signal),
    enabled: search.length >= CONTACT_SEARCH_MIN_LENGTH,
  });
}

/** GET /contacts/:id with its extra info (the edit dialog). */
export function useContactDetail(id: number | undefined) {
  return useQuery({
    queryKey: contactKeys.detail(id ?? 0),
    queryFn: ({ signal }): Promise<ContactDetailView> =>
      callRoute(routes.contacts.get, { params: { id: id ?? 0 }, signal }),
    enabled: id !== undefined,
    staleTime: 0,
  });
}

export function useApplySavedContact(): (contact: ContactView) => void {
  const queryClient = useQueryClient();
  return (contact) => upsertInLists(queryClient, contactKeys.lists(), contact, contactMatches);
}

export function useRemoveContactFromLists(): (id: number) => void {
  const queryClient = useQueryClient();
  return (id) => removeFromLists<ContactView>(queryClient, contactKeys.lists(), id);
}

export function useReloadContacts(): () => void {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: contactKeys.all });
}

/** POST /contacts without an id, PUT /contacts/:id with one. */
export function useSaveContact() {
  const apply = useApplySavedContact();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: ContactInput }): Promise<ContactDetailView> =>
      id === undefined
        ? callRoute(routes.contacts.create, { body })
        : callRoute(routes.contacts.update, { params: { id }, body }),
    onSuccess: apply,
  });
}

export function useDeleteContact() {
  const remove = useRemoveContactFromLists();
  return useMutation({
    mutationFn: (id: number) => callRoute(routes.contacts.remove, { params: { id } }),
    onSuccess: (_answer, id) => remove(id),
  });
}

/**
 * POST /tickets for a contact (optionally in a queue and on a connection), open and owned by the caller; the
 * caller reads ERR_OTHER_OPEN_TICKET itself.
 */
export function useStartTicket() {
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: Omit<CreateTicketInput, 'status'>): Promise<TicketView> =>
      callRoute(routes.tickets.create, { body: { ...body, status: 'open' } }),
  });
}

/** GET /contacts/export.csv (name;number;email) with the session, saved as contatos.csv. */
export async function downloadContactsCsv(): Promise<void> {
  const answer = await callRoute<typeof routes.contacts.exportCsv, unknown>(routes.contacts.exportCsv);
  const text = typeof answer === 'string' ? answer : '';
  saveBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), 'contatos.csv');
}

/** POST /contacts/upload of one chunk of spreadsheet rows (the import dialog sends a sheet in chunks). */
export const postContactRows: PostContactRows = (rows) =>
  callRoute<typeof routes.contacts.upload, ContactUploadAnswer>(routes.contacts.upload, { body: rows });

/** POST /contacts/import: the default connection's phone contacts; answers how many were added. */
export function useImportPhoneContacts() {
  const reload = useReloadContacts();
  return useMutation({
    mutationFn: (): Promise<{ count: number }> => callRoute(routes.contacts.importPhone),
    onSuccess: reload,
  });
}
