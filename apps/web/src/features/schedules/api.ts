import { useEffect } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type ListSchedulesAnswer, type ScheduleInput, type ScheduleView } from '@zapdesk/contracts';
import { callRoute } from '../../lib/api/client';

export const scheduleKeys = {
  all: ['schedules'] as const,
  lists: () => [...scheduleKeys.all, 'list'] as const,
  list: (search: string) => [...scheduleKeys.lists(), search] as const,
};

/** Pages loaded at most for the calendar: 50 × 20 schedules. */
const MAX_PAGES = 50;

/** GET /schedules page after page (20 each) until all matching `search` are loaded, for the calendar. */
export function useScheduleCalendar(search: string) {
  const query = useInfiniteQuery({
    queryKey: scheduleKeys.list(search),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      callRoute<typeof routes.schedules.list, ListSchedulesAnswer>(routes.schedules.list, {
        query: { searchParam: search, pageNumber: pageParam },
        signal,
      }),
    getNextPageParam: (last, all, lastParam) =>
      last.hasMore && all.length < MAX_PAGES ? lastParam + 1 : undefined,
  });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  return query;
}

/** Reloads the calendar (after a save here or a `-schedule` event from elsewhere). */
export function useReloadSchedules(): () => void {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: scheduleKeys.lists() });
}

export function useSaveSchedule() {
  const reload = useReloadSchedules();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: ScheduleInput }): Promise<ScheduleView> =>
      id === undefined
        ? callRoute(routes.schedules.create, { body })
        : callRoute(routes.schedules.update, { params: { id }, body }),
    onSuccess: reload,
  });
}

export function useDeleteSchedule() {
  const reload = useReloadSchedules();
  return useMutation({
    mutationFn: (id: number) => callRoute(routes.schedules.remove, { params: { id } }),
    onSuccess: reload,
  });
}

/** Multipart `file` on POST /schedules/:id/media-upload (png, jpg, jpeg). */
export function useUploadScheduleMedia() {
  const reload = useReloadSchedules();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }): Promise<ScheduleView> => {
      const body = new FormData();
      body.append('file', file);
      return callRoute(routes.schedules.uploadMedia, { params: { id }, body });
    },
    onSuccess: reload,
  });
}

export function useRemoveScheduleMedia() {
  const reload = useReloadSchedules();
  return useMutation({
    mutationFn: (id: number): Promise<ScheduleView> =>
      callRoute(routes.schedules.removeMedia, { params: { id } }),
    onSuccess: reload,
  });
}
