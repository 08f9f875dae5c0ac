import { isAdmin, type Actor } from '../../platform/auth/actor';
import { AppError } from '../../platform/http/app-error';

interface OwnedMessage {
  userId: number | null;
  geral: boolean;
}

/** A quick message is readable by its owner, by everyone when general, and by admins. */
export function authorizeQuickMessageRead(actor: Actor, message: OwnedMessage): void {
  if (message.geral || isAdmin(actor) || message.userId === actor.userId) return;
  throw AppError.forbidden();
}

/** A quick message is edited, deleted or given a file by its owner or an admin. */
export function authorizeQuickMessageChange(actor: Actor, message: OwnedMessage): void {
  if (isAdmin(actor) || (message.userId !== null && message.userId === actor.userId)) return;
  throw AppError.forbidden();
}

/**
 * Whose own quick messages a list means: the caller's, except that a super user may name any user (e.g. while
 * looking at another company).
 */
export const listOwner = (actor: Actor, requested?: number): number =>
  actor.isSuper && requested ? requested : actor.userId;
