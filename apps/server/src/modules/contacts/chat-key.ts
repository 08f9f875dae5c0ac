import { sql, type RawBuilder } from 'kysely';
import type { TenantTx } from '../../platform/tenancy';

const GROUP_SUFFIX = '@g.us';

/** A group contact's number is its id without `@g.us`; a person's is their phone digits. */
export function contactNumberOfChat(chatId: string, isGroup: boolean): string {
  return isGroup && chatId.endsWith(GROUP_SUFFIX) ? chatId.slice(0, -GROUP_SUFFIX.length) : chatId;
}

/** The chat id WhatsApp knows a contact by: phone digits, or `<id>@g.us` for groups. */
export function chatIdOfContact(contact: { number: string; isGroup: boolean }): string {
  return contact.isGroup ? `${contact.number}${GROUP_SUFFIX}` : contact.number;
}

/**
 * Serialises work on one chat of one connection across processes (server-behaviour 7.1): inbound processing and
 * our own sends to that chat take this transaction-level advisory lock, so they run one at a time, in order.
 */
export async function lockChat(tx: TenantTx, whatsappId: number, chatKey: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${chatLockName(whatsappId, chatKey)}, 0))`.execute(
    tx.unscoped(),
  );
}

/**
 * The same lock for many chats of one transaction (a campaign batch), waiting for each. Taken in one sorted order,
 * so two such batches never wait on each other in a circle.
 */
export async function lockChats(tx: TenantTx, chats: Array<{ whatsappId: number; chatKey: string }>) {
  const names = [...new Set(chats.map((c) => chatLockName(c.whatsappId, c.chatKey)))].sort();
  if (names.length === 0) return;
  await sql`select count(pg_advisory_xact_lock(hashtextextended(name, 0)))
    from unnest(${names}::text[]) with ordinality as lock(name, n)`.execute(tx.unscoped());
}

/** The advisory lock's name for one chat of one connection (hashed into the lock key). */
export function chatLockName(whatsappId: number, chatKey: string): string {
  return `chat:${whatsappId}:${chatKey}`;
}

/**
 * Takes the chat's lock (see lockChat) as an expression of a statement that does more on its way, e.g. a
 * ticket read FOR UPDATE whose select list takes it before the row is locked: the order inbound processing and
 * every send keep. `lockName` is chatLockName's.
 */
export function takeChatLock(lockName: string): RawBuilder<unknown> {
  return sql`pg_advisory_xact_lock(hashtextextended(${lockName}, 0))`;
}

/**
 * The chat's lock for processing stored inbound events, with an asynchronous commit: the raw events are already
 * durable, and a processing commit lost in a crash leaves its events unprocessed (same transaction), so the sweep
 * simply redoes them. Saves one disk flush per batch.
 */
export async function lockChatForProcessing(
  tx: TenantTx,
  whatsappId: number,
  chatKey: string,
): Promise<void> {
  await sql`select set_config('synchronous_commit', 'off', true),
    pg_advisory_xact_lock(hashtextextended(${chatLockName(whatsappId, chatKey)}, 0))`.execute(tx.unscoped());
}

/**
 * The same lock for many chats at once, without waiting: answers the chats it got (in the order given); a chat
 * whose lock another transaction holds is left out, to be looked at again later. Asynchronous commit as above.
 */
export async function tryLockChatsForProcessing<T extends { whatsappId: number; chatKey: string }>(
  tx: TenantTx,
  chats: T[],
): Promise<T[]> {
  const names = chats.map((c) => chatLockName(c.whatsappId, c.chatKey));
  const { rows } = await sql<{ locked: string[] }>`select set_config('synchronous_commit', 'off', true),
    array(select name from unnest(${names}::text[]) as name
           where pg_try_advisory_xact_lock(hashtextextended(name, 0))) as locked`.execute(tx.unscoped());
  const locked = new Set(rows[0]?.locked ?? []);
  return chats.filter((c) => locked.has(chatLockName(c.whatsappId, c.chatKey)));
}
