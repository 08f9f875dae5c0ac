import type { Actor } from '../../platform/auth/actor';
import { AppError } from '../../platform/http/app-error';
import type { TenantTx } from '../../platform/tenancy';
import { isMember } from './chats.repository';

/**
 * Only members reach a chat. A same-company chat the caller is not in answers 404 like a missing one: its
 * title and members are nobody else's business.
 */
export async function assertMember(tx: TenantTx, actor: Actor, chatId: number): Promise<void> {
  if (!(await isMember(tx, chatId, actor.userId))) throw AppError.notFound();
}

/** Edit and delete are the owner's (server-behaviour 15.1); other members get 403. */
export function assertOwner(actor: Actor, chat: { ownerId: number | null }): void {
  if (chat.ownerId !== actor.userId) throw AppError.forbidden();
}
