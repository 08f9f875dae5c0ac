import {
  pageSizes,
  type ChatMessageInput,
  type ChatMessageView,
  type ChatView,
  type ListChatMessagesAnswer,
  type PagedQuery,
  type ReadChatInput,
} from '@zapdesk/contracts';
import type { Actor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import type { TenantScope } from '../../platform/tenancy';
import { chatCountersChanged, chatMessageSent } from './chats.events';
import { storeChatMessage } from './chat-messages.repository';
import { presentChat, presentChatMessage } from './chats.presenter';
import { pageChatMessages, parseChatKey, resetUnreads } from './chats.repository';
import { chatView, memberChat } from './chats.service';

/** `GET /chats/:id/messages`: 20 from the newest, oldest first; page 2 holds the 20 before them. */
export function listChatMessages(
  actor: Actor,
  scope: TenantScope,
  key: string,
  query: PagedQuery,
): Promise<ListChatMessagesAnswer> {
  const limit = pageSizes.default;
  const offset = (query.pageNumber - 1) * limit;
  return scope.run(async (tx) => {
    const chat = await memberChat(tx, actor, key);
    const { rows, count } = await pageChatMessages(tx, chat.id, { limit, offset });
    return { records: rows.map(presentChatMessage), count, hasMore: offset + rows.length < count };
  });
}

/** Stores a member's message, makes it the chat's last one and counts it unread for the other members. */
export function sendChatMessage(
  ctx: AppContext,
  actor: Actor,
  scope: TenantScope,
  key: string,
  input: ChatMessageInput,
): Promise<ChatMessageView> {
  const chatKey = parseChatKey(key);
  return scope.run(async (tx) => {
    const stored = await storeChatMessage(tx, chatKey, { id: actor.userId, name: actor.name }, input.message);
    if (!stored) throw AppError.notFound();
    const chat = presentChat(stored.chat, stored.members);
    const newMessage = presentChatMessage(stored.message);
    chatMessageSent(ctx, tx, chat, newMessage);
    return newMessage;
  });
}

/** Resets the caller's unread count; a `userId` naming anyone else is refused. */
export function readChat(
  ctx: AppContext,
  actor: Actor,
  scope: TenantScope,
  key: string,
  input: ReadChatInput,
): Promise<ChatView> {
  if (input.userId !== undefined && input.userId !== actor.userId) throw AppError.forbidden();
  return scope.run(async (tx) => {
    const row = await memberChat(tx, actor, key);
    await resetUnreads(tx, row.id, actor.userId);
    const chat = await chatView(tx, row);
    chatCountersChanged(ctx, tx, chat);
    return chat;
  });
}
