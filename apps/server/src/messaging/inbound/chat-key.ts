import { sql } from 'kysely';
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
  await sql`select pg_advisory_xact_lock(hashtextextended(${`chat:${whatsappId}:${chatKey}`}, 0))`.execute(
    tx.db,
  );
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
    pg_advisory_xact_lock(hashtextextended(${`chat:${whatsappId}:${chatKey}`}, 0))`.execute(tx.db);
}
