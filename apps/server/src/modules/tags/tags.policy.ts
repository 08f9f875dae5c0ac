import { isAdmin, type Actor } from '../../platform/auth/actor';
import { AppError } from '../../platform/http/app-error';

/** Only admins and supervisors may turn a tag into a kanban lane (server-behaviour 1.4). */
export const mayUseKanbanFlag = (actor: Actor): boolean => isAdmin(actor) || actor.profile === 'supervisor';

/** A tag is edited or deleted by an admin or by the user who created it. */
export function authorizeTagChange(actor: Actor, tag: { userId: number | null }): void {
  if (isAdmin(actor)) return;
  if (tag.userId === null || tag.userId !== actor.userId) throw AppError.forbidden();
}
