import { useQuery } from '@tanstack/react-query';
import { request } from '../../lib/api/client';
import { emptyWhenMissing } from '../../lib/api/missing';

/** The fields of an announcement the shell shows (spec 2 section 3). */
export interface AnnouncementSummary {
  id: number;
  title: string;
  text: string;
  priority: 1 | 2 | 3 | number;
  status: boolean;
  mediaPath?: string | null;
  mediaName?: string | null;
  createdAt?: string;
}

export interface AnnouncementPage {
  records: AnnouncementSummary[];
  hasMore: boolean;
}

export const announcementKeys = {
  all: ['announcements'] as const,
  firstPage: () => [...announcementKeys.all, 'list', 1] as const,
};

/** First page of announcements (GET /announcements) for the top-bar bell. */
export function useAnnouncementFirstPage() {
  return useQuery({
    queryKey: announcementKeys.firstPage(),
    queryFn: ({ signal }) =>
      emptyWhenMissing(request<AnnouncementPage>('/announcements', { query: { pageNumber: 1 }, signal }), {
        records: [],
        hasMore: false,
      }),
    meta: { silent: true },
  });
}

/** Uploaded files are served under /public (spec 1 section 7). */
export function mediaUrl(path: string): string {
  if (/^https?:\/\//.test(path) || path.startsWith('/')) return path;
  return `/public/${path}`;
}
