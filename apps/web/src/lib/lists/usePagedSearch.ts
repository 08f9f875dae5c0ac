import { useState } from 'react';
import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import { mergePages, searchText, type RecordPage, type WithId } from './pages';
import { useDebouncedValue } from './useDebouncedValue';

/**
 * A searchable, infinitely scrolled list: the typed text is debounced and lower-cased, a new text starts
 * again at page 1 (its own cache entry), and loaded pages are merged by id.
 */
export function usePagedSearch<T extends WithId>({
  key,
  fetchPage,
}: {
  /** The list's key prefix; the search text is appended. */
  key: QueryKey;
  fetchPage: (search: string, pageNumber: number, signal: AbortSignal) => Promise<RecordPage<T>>;
}) {
  const [typed, setTyped] = useState('');
  const search = searchText(useDebouncedValue(typed));
  const query = useInfiniteQuery({
    queryKey: [...key, search],
    queryFn: ({ pageParam, signal }) => fetchPage(search, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });

  /** Loads the next page if there is one and no load is running. */
  const loadMore = () => {
    if (query.hasNextPage && !query.isFetching) void query.fetchNextPage();
  };

  return {
    typed,
    setTyped,
    records: mergePages(query.data?.pages ?? []),
    isPending: query.isPending,
    isFetchingNextPage: query.isFetchingNextPage,
    loadMore,
  };
}
