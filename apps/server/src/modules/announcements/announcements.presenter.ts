import type { AnnouncementView } from '@zapdesk/contracts';
import type { AnnouncementRow } from './announcements.repository';

export function presentAnnouncement(row: AnnouncementRow): AnnouncementView {
  return {
    id: row.id,
    title: row.title,
    text: row.text,
    priority: row.priority,
    status: row.status,
    mediaPath: row.mediaPath,
    mediaName: row.mediaName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}
