import type { TenantTx } from '../../platform/tenancy';

/**
 * Unread reset (server-behaviour 6.1): unreadMessages = 0 and the customer's messages marked read. Answers the
 * latest customer message's wid, for the one read receipt WhatsApp gets, or null when nothing was unread.
 */
export async function resetUnread(
  tx: TenantTx,
  ticketId: number,
): Promise<{ latestWid: string | null } | null> {
  const ticket = await tx
    .updateTable('tickets')
    .set({ unreadMessages: 0 })
    .where('id', '=', ticketId)
    .where('unreadMessages', '>', 0)
    .returning('id')
    .executeTakeFirst();
  const marked = await tx
    .updateTable('messages')
    .set({ read: true })
    .where('ticketId', '=', ticketId)
    .where('fromMe', '=', false)
    .where('read', '=', false)
    .returning(['id', 'wid'])
    .execute();
  if (!ticket && marked.length === 0) return null;
  const latest = marked.reduce<{ id: number; wid: string | null } | undefined>(
    (best, m) => (m.wid !== null && (!best || m.id > best.id) ? m : best),
    undefined,
  );
  return { latestWid: latest?.wid ?? null };
}
