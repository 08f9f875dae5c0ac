import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import { removeFromPages, upsertInPages, type RecordPage, type WithId } from './pages';

type Pages<T> = InfiniteData<RecordPage<T>, number>;

/**
 * Puts a created or updated record in every loaded search of a list (keys end with the search text): in
 * place where it is already shown, at the top where it matches the search.
 */
export function upsertInLists<T extends WithId>(
  queryClient: QueryClient,
  prefix: QueryKey,
  record: T,
  matches: (record: T, search: string) => boolean,
): void {
  for (const [key, data] of queryClient.getQueriesData<Pages<T>>({ queryKey: prefix })) {
    if (!data) continue;
    const search = String(key[key.length - 1] ?? '');
    const shown = data.pages.some((page) => page.records.some((r) => r.id === record.id));
    if (!shown && !matches(record, search)) continue;
    queryClient.setQueryData<Pages<T>>(key, { ...data, pages: upsertInPages(data.pages, record) });
  }
}

export function removeFromLists<T extends WithId>(
  queryClient: QueryClient,
  prefix: QueryKey,
  id: number,
): void {
  queryClient.setQueriesData<Pages<T>>(
    { queryKey: prefix },
    (data) => data && { ...data, pages: removeFromPages(data.pages, id) },
  );
}

/** Case- and accent-insensitive substring test, as the server searches. */
export function containsText(text: string, search: string): boolean {
  const fold = (value: string) =>
    value
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
  return search === '' || fold(text).includes(fold(search));
}
