import type { TagView } from '@zapdesk/contracts';
import type { TagRow } from './tags.repository';

export function presentTag(row: TagRow, ticketsCount: number): TagView {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    kanban: row.kanban,
    userId: row.userId,
    ticketsCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}
