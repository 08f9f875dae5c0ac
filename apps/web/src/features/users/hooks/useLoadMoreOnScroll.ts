import { useCallback, useEffect, useRef, type UIEvent } from 'react';

/** Spec 1 section 9: the next page loads within 100 px of the bottom. */
export const LOAD_MORE_DISTANCE_PX = 100;

const nearBottom = (element: HTMLElement) =>
  element.scrollHeight - element.scrollTop - element.clientHeight < LOAD_MORE_DISTANCE_PX;

interface LoadMore {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
}

/**
 * Infinite scroll for a scrolling container: returns its ref and scroll handler. A first page too short to
 * scroll also asks for the next one, or the rest could never be reached.
 */
export function useLoadMoreOnScroll<E extends HTMLElement>({ hasMore, loading, onLoadMore }: LoadMore) {
  const ref = useRef<E>(null);
  const latest = useRef({ hasMore, loading, onLoadMore });
  useEffect(() => {
    latest.current = { hasMore, loading, onLoadMore };
  });

  const check = useCallback(() => {
    const element = ref.current;
    const state = latest.current;
    if (element && state.hasMore && !state.loading && nearBottom(element)) state.onLoadMore();
  }, []);

  useEffect(() => {
    if (!loading) check();
  }, [hasMore, loading, check]);

  const onScroll = useCallback((_event: UIEvent<E>) => check(), [check]);
  return { ref, onScroll };
}
