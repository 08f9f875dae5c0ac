import { isAdmin, type Actor } from '../../platform/auth/actor';
import { AppError } from '../../platform/http/app-error';

/** A schedule is edited or deleted by its author or an admin (server-behaviour 10.1). */
export function authorizeScheduleChange(actor: Actor, schedule: { userId: number | null }): void {
  if (isAdmin(actor)) return;
  if (schedule.userId === null || schedule.userId !== actor.userId) throw AppError.forbidden();
}

/** Once sent (sentAt set) a schedule cannot be saved again (spec 1 section 4). */
export function assertNotSent(schedule: { sentAt: Date | null }): void {
  if (schedule.sentAt !== null) {
    throw new AppError('ERR_SCHEDULE_ALREADY_SENT', 'This schedule was already sent');
  }
}
