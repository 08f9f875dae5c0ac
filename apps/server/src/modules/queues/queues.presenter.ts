import { ScheduleEntry, type QueueView } from '@zapdesk/contracts';
import type { QueueRow } from './queues.repository';

/** Stored weekly hours, keeping only well-formed entries. */
function presentSchedules(raw: unknown): ScheduleEntry[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((entry) => {
    const parsed = ScheduleEntry.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The queue answer shape (spec 2 section 3). */
export function presentQueue(row: QueueRow): QueueView {
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    color: row.color,
    orderQueue: row.orderQueue,
    greetingMessage: row.greetingMessage,
    outOfHoursMessage: row.outOfHoursMessage,
    schedules: presentSchedules(row.schedules),
    promptId: row.promptId,
    integrationId: row.integrationId,
    mediaPath: row.mediaPath,
    mediaName: row.mediaName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}
