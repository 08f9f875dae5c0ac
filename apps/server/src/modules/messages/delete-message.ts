import type { Actor } from '../../platform/auth/actor';
import { AppError } from '../../platform/http/app-error';
import type { TenantScope } from '../../platform/tenancy';
import { chatIdOfContact } from '../contacts';
import { getVisibleTicket } from '../tickets';
import { emitMessageUpdated } from './messages.events';
import { loadMessageView } from './messages.presenter';
import { findMessage } from './messages.repository';
import type { MessagesEnv } from './messages.env';

/**
 * DELETE /messages/:id (server-behaviour 6.2): only our own messages; deleted for everyone through the connection
 * (ERR_DELETE_WAPP_MSG when WhatsApp refuses, ERR_WAPP_NOT_INITIALIZED when no node runs the session), kept with
 * isDeleted=true, update event to the ticket's room. A message still queued is simply not sent.
 */
export async function deleteMessage(
  env: MessagesEnv,
  actor: Actor,
  scope: TenantScope,
  id: number,
): Promise<{ message: string }> {
  const { sessions } = env;
  const found = await scope.run(async (tx) => {
    const message = await findMessage(tx, id);
    if (!message) throw AppError.notFound();
    const ticket = await getVisibleTicket(tx, actor, message.ticketId);
    if (!message.fromMe) throw AppError.forbidden();
    if (message.isDeleted) return undefined;
    if (message.wid === null || message.whatsappId === null) return { sent: undefined };
    const contact = await tx
      .selectFrom('contacts')
      .where('id', '=', ticket.contactId)
      .select(['number', 'isGroup'])
      .executeTakeFirstOrThrow();
    return { sent: { whatsappId: message.whatsappId, wid: message.wid, chatId: chatIdOfContact(contact) } };
  });
  if (!found) return { message: 'Message deleted' };
  if (found.sent) {
    // On whichever node runs the session (no transaction held meanwhile), so WhatsApp's refusal reaches the agent.
    const { whatsappId, chatId, wid } = found.sent;
    try {
      await sessions.deleteForEveryone(scope.companyId, whatsappId, chatId, wid, true);
    } catch (error) {
      if (error instanceof AppError) throw error;
      env.ctx.log.warn({ err: error, messageId: id }, 'delete for everyone failed');
      throw new AppError('ERR_DELETE_WAPP_MSG', 'WhatsApp refused to delete the message');
    }
  }
  await scope.run(async (tx) => {
    await tx
      .updateTable('messages')
      .set({ isDeleted: true, updatedAt: new Date() })
      .where('id', '=', id)
      .execute();
    const view = await loadMessageView(tx, env.storage, id);
    const companyId = tx.companyId;
    tx.afterCommit(() => emitMessageUpdated(env.ctx.realtime, companyId, view));
  });
  return { message: 'Message deleted' };
}
