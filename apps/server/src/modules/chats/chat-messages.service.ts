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
import { memberHistoryPage, storeChatMessage } from './chat-messages.repository';
import { presentChat, presentChatMessage } from './chats.presenter';
import { countChatMessages, parseChatKey, resetUnreads } from './chats.repository';
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
  const chatKey = parseChatKey(key);
  return scope.read(async (tx) => {
    const page = await memberHistoryPage(tx, chatKey, actor.userId, { limit, offset });
    if (page) {
      return {
        records: page.rows.map(presentChatMessage),
        count: page.count,
        hasMore: offset + page.rows.length < page.count,
      };
    }
    // An empty page: an empty chat or a page past the end, or no chat of the caller's (404).
    const chat = await memberChat(tx, actor, key);
    return { records: [], count: await countChatMessages(tx, chat.id), hasMore: false };
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
