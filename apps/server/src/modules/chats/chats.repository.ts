import type { Selectable } from 'kysely';
import type { ChatMessagesTable, ChatsTable } from '../../platform/db/schema';
import { textContains } from '../../platform/db/search';
import { AppError } from '../../platform/http/app-error';
import type { TenantTx } from '../../platform/tenancy';

export type ChatRow = Selectable<ChatsTable>;
export type ChatMessageRow = Selectable<ChatMessagesTable> & { senderName: string | null };
export interface ChatMemberRow {
  chatId: number;
  userId: number;
  unreads: number;
  name: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NUMERIC_ID = /^[1-9]\d{0,9}$/;

/** A chat's address: its uuid, or its numeric id. */
export type ChatKey = { id: number } | { uuid: string };

/** Reads a route's chat key; anything that is neither a uuid nor an id is a 404 like a missing chat. */
export function parseChatKey(key: string): ChatKey {
  if (UUID.test(key)) return { uuid: key.toLowerCase() };
  if (NUMERIC_ID.test(key) && Number(key) <= 2_147_483_647) return { id: Number(key) };
  throw AppError.notFound();
}

/** A chat of the company by uuid or numeric id; another company's is a 404 like a missing one. */
export async function getChatByKey(tx: TenantTx, key: string): Promise<ChatRow> {
  const parsed = parseChatKey(key);
  const query = tx.selectFrom('chats').selectAll();
  const row = await (
    'uuid' in parsed ? query.where('uuid', '=', parsed.uuid) : query.where('id', '=', parsed.id)
  ).executeTakeFirst();
  if (!row) throw AppError.notFound();
  return row;
}

/** A page of the chats `userId` belongs to whose title matches `search`, latest activity first. */
export async function pageChatsOf(
  tx: TenantTx,
  userId: number,
  page: { search: string; limit: number; offset: number },
): Promise<{ rows: ChatRow[]; count: number }> {
  // chat_users rows reference chats of the same company (composite foreign key), so the join stays inside it.
  const query = tx
    .selectFrom('chats')
    .innerJoin('chatUsers', (join) =>
      join
        .onRef('chatUsers.chatId', '=', 'chats.id')
        .onRef('chatUsers.companyId', '=', 'chats.companyId')
        .on('chatUsers.userId', '=', userId),
    )
    .$if(page.search !== '', (q) => q.where(textContains('chats.title', page.search)));
  const total = await query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
  const rows = await query
    .selectAll('chats')
    .orderBy('chats.updatedAt', 'desc')
    .orderBy('chats.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { rows, count: Number(total.count) };
}

/** The members of the given chats with their names, by user name. */
export async function membersOf(tx: TenantTx, chatIds: number[]): Promise<ChatMemberRow[]> {
  if (chatIds.length === 0) return [];
  return tx
    .selectFrom('chatUsers')
    .innerJoin('users', (join) =>
      join.onRef('users.id', '=', 'chatUsers.userId').onRef('users.companyId', '=', 'chatUsers.companyId'),
    )
    .where('chatUsers.chatId', 'in', chatIds)
    .select(['chatUsers.chatId', 'chatUsers.userId', 'chatUsers.unreads', 'users.name'])
    .orderBy('users.name')
    .orderBy('chatUsers.userId')
    .execute();
}

export async function isMember(tx: TenantTx, chatId: number, userId: number): Promise<boolean> {
  const row = await tx
    .selectFrom('chatUsers')
    .where('chatId', '=', chatId)
    .where('userId', '=', userId)
    .select('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Which of the given ids are users of the company. */
export async function existingUserIds(tx: TenantTx, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await tx.selectFrom('users').where('id', 'in', ids).select('id').execute();
  return new Set(rows.map((row) => row.id));
}

export function insertChat(tx: TenantTx, values: { title: string; ownerId: number }): Promise<ChatRow> {
  return tx
    .insertInto('chats')
    .values({ ...values, companyId: tx.companyId })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateChatRow(
  tx: TenantTx,
  id: number,
  changes: { title?: string; lastMessage?: string },
): Promise<ChatRow> {
  const row = await tx
    .updateTable('chats')
    .set({ ...changes, updatedAt: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw AppError.notFound();
  return row;
}

export async function deleteChatRow(tx: TenantTx, id: number): Promise<void> {
  await tx.deleteFrom('chats').where('id', '=', id).execute();
}

/** Makes `userIds` the chat's members: others leave, new ones join with no unreads, the rest keep theirs. */
export async function setMembers(tx: TenantTx, chatId: number, userIds: number[]): Promise<void> {
  await tx
    .deleteFrom('chatUsers')
    .where('chatId', '=', chatId)
    .$if(userIds.length > 0, (q) => q.where('userId', 'not in', userIds))
    .execute();
  if (userIds.length === 0) return;
  await tx
    .insertInto('chatUsers')
    .values(userIds.map((userId) => ({ companyId: tx.companyId, chatId, userId })))
    .onConflict((oc) => oc.columns(['companyId', 'chatId', 'userId']).doNothing())
    .execute();
}

export async function resetUnreads(tx: TenantTx, chatId: number, userId: number): Promise<void> {
  await tx
    .updateTable('chatUsers')
    .set({ unreads: 0, updatedAt: new Date() })
    .where('chatId', '=', chatId)
    .where('userId', '=', userId)
    .where('unreads', '<>', 0)
    .execute();
}

/** A page of a chat's messages counted from the newest, returned oldest first, with sender names. */
export async function pageChatMessages(
  tx: TenantTx,
  chatId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: ChatMessageRow[]; count: number }> {
  const total = await tx
    .selectFrom('chatMessages')
    .where('chatId', '=', chatId)
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  const rows = await tx
    .selectFrom('chatMessages')
    .leftJoin('users', (join) =>
      join
        .onRef('users.id', '=', 'chatMessages.senderId')
        .onRef('users.companyId', '=', 'chatMessages.companyId'),
    )
    .where('chatMessages.chatId', '=', chatId)
    .selectAll('chatMessages')
    .select('users.name as senderName')
    .orderBy('chatMessages.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { rows: rows.reverse(), count: Number(total.count) };
}
