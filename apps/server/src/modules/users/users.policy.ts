import type { UpdateUserInput } from '@zapdesk/contracts';
import { isAdmin, type Actor } from '../../platform/auth/actor';
import { AppError } from '../../platform/http/app-error';

interface TargetUser {
  id: number;
  super: boolean;
  profile: string;
  allTicket: string;
  whatsappId: number | null;
}

/** Admin-only fields of the user form that this input would change on the target. */
export function adminFieldsChanged(target: TargetUser, queueIds: number[], input: UpdateUserInput): string[] {
  const changed: string[] = [];
  if (input.profile !== undefined && input.profile !== target.profile) changed.push('profile');
  if (input.allTicket !== undefined && input.allTicket !== target.allTicket) changed.push('allTicket');
  if (input.whatsappId !== undefined && input.whatsappId !== target.whatsappId) changed.push('whatsappId');
  if (input.queueIds !== undefined && !sameIds(input.queueIds, queueIds)) changed.push('queueIds');
  return changed;
}

/**
 * Admins edit any user of their company (a super user only by a super user); others only themselves and
 * only name, e-mail, password, time zone and language. The web app's user form always sends the whole
 * form, so admin-only fields sent unchanged by a non-admin are tolerated (and ignored); changing them is
 * refused.
 */
export function authorizeUserUpdate(
  actor: Actor,
  target: TargetUser,
  queueIds: number[],
  input: UpdateUserInput,
): void {
  if (target.super && !actor.isSuper) throw AppError.forbidden();
  if (isAdmin(actor)) return;
  if (target.id !== actor.userId) throw AppError.forbidden();
  if (adminFieldsChanged(target, queueIds, input).length > 0) throw AppError.forbidden();
}

/** Nobody deletes their own account through the users screen. */
export function authorizeSelfDelete(actor: Actor, targetId: number): void {
  if (targetId === actor.userId) {
    throw new AppError('ERR_CANNOT_DELETE_SELF', 'You cannot delete your own user');
  }
}

/** A company admin must not take over or remove a super user who happens to sit in their company. */
export function authorizeUserDelete(actor: Actor, target: Pick<TargetUser, 'super'>): void {
  if (target.super && !actor.isSuper) throw AppError.forbidden();
}

function sameIds(a: number[], b: number[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((id) => right.has(id));
}
