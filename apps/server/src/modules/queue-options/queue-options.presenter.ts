import type { QueueOptionView, QueueOptionWithChildren } from '@zapdesk/contracts';
import type { QueueOptionRow } from './queue-options.repository';

export function presentOption(row: QueueOptionRow): QueueOptionView {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    option: row.option,
    queueId: row.queueId,
    parentId: row.parentId,
    mediaPath: row.mediaPath,
    mediaName: row.mediaName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

export function presentOptionWithChildren(
  row: QueueOptionRow,
  children: QueueOptionRow[],
): QueueOptionWithChildren {
  return { ...presentOption(row), children: children.map(presentOption) };
}
