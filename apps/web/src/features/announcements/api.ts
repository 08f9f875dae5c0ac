import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  routes,
  type AnnouncementInput,
  type AnnouncementView,
  type ListAnnouncementsAnswer,
} from '@zapdesk/contracts';
import { callRoute } from '../../lib/api/client';
import { emptyWhenMissing } from '../../lib/api/missing';
import type { RecordPage } from '../../lib/lists/pages';
import { usePagedSearch } from '../../lib/lists/usePagedSearch';

/** The fields of an announcement the shell shows (spec 2 section 3). */
export type AnnouncementSummary = AnnouncementView;
export type AnnouncementPage = ListAnnouncementsAnswer;

export const announcementKeys = {
  all: ['announcements'] as const,
  firstPage: () => [...announcementKeys.all, 'list', 1] as const,
  pages: () => [...announcementKeys.all, 'pages'] as const,
};

/** First page of announcements (GET /announcements) for the top-bar bell: active ones, by priority then newest. */
export function useAnnouncementFirstPage() {
  return useQuery({
    queryKey: announcementKeys.firstPage(),
    queryFn: ({ signal }) =>
      emptyWhenMissing(
        callRoute<typeof routes.announcements.list, ListAnnouncementsAnswer>(routes.announcements.list, {
          query: { pageNumber: 1 },
          signal,
        }),
        { records: [], count: 0, hasMore: false },
      ),
    meta: { silent: true },
  });
}

async function fetchAnnouncementPage(
  search: string,
  pageNumber: number,
  signal: AbortSignal,
): Promise<RecordPage<AnnouncementView>> {
  const answer = await callRoute<typeof routes.announcements.list, ListAnnouncementsAnswer>(
    routes.announcements.list,
    { query: { searchParam: search, pageNumber }, signal },
  );
  return { records: answer.records, hasMore: answer.hasMore };
}

/** /announcements: every announcement (the page is the super user's), searchable and paged. */
export function useAnnouncementList() {
  return usePagedSearch({ key: announcementKeys.pages(), fetchPage: fetchAnnouncementPage });
}

/**
 * Announcements change for everyone at once: reload every list shown (the bell and the page). A mutation
 * settles once they are reloaded, so its dialog's "saved" comes with the saved record (and its image) listed.
 */
function useRefreshAnnouncements() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: announcementKeys.all });
}

/** POST /announcements without an id, PUT /announcements/:id with one. */
export function useSaveAnnouncement() {
  const refresh = useRefreshAnnouncements();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: AnnouncementInput }): Promise<AnnouncementView> =>
      id === undefined
        ? callRoute(routes.announcements.create, { body })
        : callRoute(routes.announcements.update, { params: { id }, body }),
    onSuccess: refresh,
  });
}

export function useDeleteAnnouncement() {
  const refresh = useRefreshAnnouncements();
  return useMutation({
    mutationFn: (id: number) => callRoute(routes.announcements.remove, { params: { id } }),
    onSuccess: refresh,
  });
}

/** Multipart `file` (png, jpg or jpeg) on POST /announcements/:id/media-upload. */
export function useUploadAnnouncementMedia() {
  const refresh = useRefreshAnnouncements();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }): Promise<AnnouncementView> => {
      const body = new FormData();
      body.append('file', file);
      return callRoute(routes.announcements.uploadMedia, { params: { id }, body });
    },
    onSuccess: refresh,
  });
}

export function useRemoveAnnouncementMedia() {
  const refresh = useRefreshAnnouncements();
  return useMutation({
    mutationFn: (id: number): Promise<AnnouncementView> =>
      callRoute(routes.announcements.removeMedia, { params: { id } }),
    onSuccess: refresh,
  });
}

/** Uploaded files are served under /public (spec 1 section 7). */
export function mediaUrl(path: string): string {
  if (/^https?:\/\//.test(path) || path.startsWith('/')) return path;
  return `/public/${path}`;
}
