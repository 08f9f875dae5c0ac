import type { TenantTx } from '../../platform/tenancy';
import { chatIdOfContact } from '../contacts';
import { emitUnreadReset, resetUnread, type TicketRow } from '../tickets';
import type { MessagesEnv } from './messages.env';
import type { Outbox } from './outbox.port';

/**
 * Unread reset (server-behaviour 6.1): zero unread and the customer's messages read, with one WhatsApp read
 * receipt for the latest of them queued in the same transaction and the connection's queue run after commit.
 * Emits nothing; answers whether anything was unread.
 */
export async function resetUnreadWithReceipt(
  tx: TenantTx,
  outbox: Outbox,
  ticket: TicketRow,
): Promise<boolean> {
  const reset = await resetUnread(tx, ticket.id);
  if (!reset) return false;
  const whatsappId = ticket.whatsappId;
  if (whatsappId === null) return true;
  if (reset.latestWid) {
    const contact = await tx
      .selectFrom('contacts')
      .where('id', '=', ticket.contactId)
      .select(['number', 'isGroup'])
      .executeTakeFirstOrThrow();
    await outbox.enqueue(tx, whatsappId, {
      kind: 'markRead',
      chatId: chatIdOfContact(contact),
      wids: [reset.latestWid],
    });
  }
  tx.afterCommit(() => outbox.kick(whatsappId));
  return true;
}

/**
 * Unread reset as above, with `-ticket` updateUnread after commit. Does nothing when nothing was unread; answers
 * whether it reset anything.
 */
export async function resetUnreadAfterCommit(
  env: MessagesEnv,
  tx: TenantTx,
  ticket: TicketRow,
): Promise<boolean> {
  if (!(await resetUnreadWithReceipt(tx, env.outbox, ticket))) return false;
  const companyId = tx.companyId;
  tx.afterCommit(() => emitUnreadReset(env.ctx.realtime, companyId, ticket));
  return true;
}
