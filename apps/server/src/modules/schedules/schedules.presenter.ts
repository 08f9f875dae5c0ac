import type { ScheduleView } from '@zapdesk/contracts';
import type { ScheduleRecord } from './schedules.repository';

const iso = (d: Date | string): string => new Date(d).toISOString();

export function presentSchedule(row: ScheduleRecord): ScheduleView {
  return {
    id: row.id,
    body: row.body,
    contactId: row.contactId,
    contact: { id: row.contactId, name: row.contactName, number: row.contactNumber },
    userId: row.userId,
    user: row.userId !== null && row.userName !== null ? { id: row.userId, name: row.userName } : null,
    ticketId: row.ticketId,
    whatsappId: row.whatsappId,
    timeZone: row.timeZone,
    sendAt: iso(row.sendAt),
    sentAt: row.sentAt ? iso(row.sentAt) : null,
    status: row.status,
    late: row.late,
    attempts: row.attempts,
    lastError: row.lastError,
    mediaPath: row.mediaPath,
    mediaName: row.mediaName,
    companyId: row.companyId,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}
