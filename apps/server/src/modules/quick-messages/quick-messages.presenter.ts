import type { QuickMessageView } from '@zapdesk/contracts';
import type { QuickMessageRow } from './quick-messages.repository';

export function presentQuickMessage(row: QuickMessageRow): QuickMessageView {
  return {
    id: row.id,
    shortcode: row.shortcode,
    message: row.message,
    geral: row.geral,
    status: row.status,
    isMedia: row.isMedia,
    mediaPath: row.mediaPath,
    mediaName: row.mediaName,
    userId: row.userId,
    companyId: row.companyId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}
