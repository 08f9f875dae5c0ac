import { sql } from 'kysely';
import type { TenantTx } from '../../platform/tenancy';
import type { ChatKey, ChatMemberRow, ChatMessageRow, ChatRow } from './chats.repository';

interface StoredRow {
  messageId: number;
  messageCreatedAt: Date | string;
  id: number;
  uuid: string;
  title: string;
  ownerId: number | null;
  lastMessage: string;
  createdAt: Date | string;
  updatedAt: Date | string;
  members: Array<{ userId: number; unreads: number; name: string }>;
}

export interface StoredChatMessage {
  chat: ChatRow;
  members: ChatMemberRow[];
  message: ChatMessageRow;
}

const asDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

/**
 * Stores a member's message in one statement (the send path is the chat's hot path, server-behaviour 15.1):
 * checks that the sender belongs to the chat, inserts the message, counts it unread for every other member,
 * makes it the chat's last message, and answers the chat with its members' new counts. Undefined when the
 * chat does not exist in the company or the sender is not a member. Sends to one chat lock its member rows,
 * then its chat row, always in that order.
 */
export async function storeChatMessage(
  tx: TenantTx,
  key: ChatKey,
  sender: { id: number; name: string },
  message: string,
): Promise<StoredChatMessage | undefined> {
  const cid = tx.companyId;
  const byKey = 'uuid' in key ? sql`c.uuid = ${key.uuid}::uuid` : sql`c.id = ${key.id}`;
  const result = await sql<StoredRow>`
    with target as (
      select c.id from chats c
       where c.company_id = ${cid} and ${byKey}
         and exists (select 1 from chat_users m
                      where m.company_id = c.company_id and m.chat_id = c.id and m.user_id = ${sender.id})
    ), inserted as (
      insert into chat_messages (company_id, chat_id, sender_id, message)
      select ${cid}, target.id, ${sender.id}, ${message} from target
      returning id, created_at
    ), others as (
      update chat_users u set unreads = u.unreads + 1, updated_at = now()
        from target
       where u.company_id = ${cid} and u.chat_id = target.id and u.user_id <> ${sender.id}
      returning u.user_id, u.unreads
    ), mine as (
      select m.user_id, m.unreads from chat_users m join target on m.chat_id = target.id
       where m.company_id = ${cid} and m.user_id = ${sender.id}
    ), touched as (
      update chats c set last_message = ${message}, updated_at = now()
        from target
       where c.company_id = ${cid} and c.id = target.id
      returning c.id, c.uuid, c.title, c.owner_id, c.last_message, c.created_at, c.updated_at
    )
    select i.id as "messageId", i.created_at as "messageCreatedAt", t.id, t.uuid, t.title,
           t.owner_id as "ownerId", t.last_message as "lastMessage", t.created_at as "createdAt",
           t.updated_at as "updatedAt",
           (select coalesce(json_agg(json_build_object('userId', m.user_id, 'unreads', m.unreads, 'name', u.name)
                                     order by u.name, m.user_id), '[]'::json)
              from (select * from others union all select * from mine) m
              join users u on u.company_id = ${cid} and u.id = m.user_id) as members
      from inserted i cross join touched t`.execute(tx.unscoped());
  const row = result.rows[0];
  if (!row) return undefined;
  const now = asDate(row.messageCreatedAt);
  return {
    chat: {
      id: row.id,
      companyId: cid,
      uuid: row.uuid,
      title: row.title,
      ownerId: row.ownerId,
      lastMessage: row.lastMessage,
      createdAt: asDate(row.createdAt),
      updatedAt: asDate(row.updatedAt),
    },
    members: row.members.map((member) => ({ chatId: row.id, ...member })),
    message: {
      id: row.messageId,
      companyId: cid,
      chatId: row.id,
      senderId: sender.id,
      senderName: sender.name,
      message,
      mediaPath: null,
      mediaName: null,
      createdAt: now,
      updatedAt: now,
    },
  };
}
