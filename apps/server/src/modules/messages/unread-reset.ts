import type { TenantTx } from '../../platform/tenancy';
import { chatIdOfContact, enqueueOutbox } from '../../messaging/outbound';
import { emitUnreadReset, resetUnread, type TicketRow } from '../tickets';
import type { MessagesEnv } from './messages.env';

/**
 * Unread reset (server-behaviour 6.1): zero unread, the customer's messages read, one WhatsApp read receipt for
 * the latest of them, and `-ticket` updateUnread after commit. Does nothing when nothing was unread; answers
 * whether it reset anything.
 */
export async function resetUnreadAfterCommit(
  env: MessagesEnv,
  tx: TenantTx,
  ticket: TicketRow,
): Promise<boolean> {
  const reset = await resetUnread(tx, ticket.id);
  if (!reset) return false;
  const whatsappId = ticket.whatsappId;
  if (reset.latestWid && whatsappId !== null) {
    const contact = await tx
      .selectFrom('contacts')
      .where('id', '=', ticket.contactId)
      .select(['number', 'isGroup'])
      .executeTakeFirstOrThrow();
    await enqueueOutbox(tx, whatsappId, {
      kind: 'markRead',
      chatId: chatIdOfContact(contact),
      wids: [reset.latestWid],
    });
  }
  const companyId = tx.companyId;
  tx.afterCommit(() => {
    emitUnreadReset(env.ctx.realtime, companyId, ticket);
    if (whatsappId !== null) env.messaging.outbound.kick(whatsappId);
  });
  return true;
}
