import { z } from 'zod';
import { MAX_DB_INT, pagedQuery } from '../common';
import { validationMessages as m } from '../messages';
import { defineRoute } from '../route';

const chatTitle = z
  .string({ error: m.required })
  .trim()
  .min(1, { error: m.required })
  .max(200, { error: m.tooLong });

const userId = z.coerce
  .number({ error: m.invalid })
  .int({ error: m.invalid })
  .positive({ error: m.invalid })
  .max(MAX_DB_INT, { error: m.invalid });

/** The chat dialog sends its users as objects `{id, name}`; plain ids are accepted too. */
const chatUsers = z
  .array(
    z.preprocess(
      (v) => (typeof v === 'object' && v !== null && 'id' in v ? (v as { id: unknown }).id : v),
      userId,
    ),
    { error: m.required },
  )
  .min(1, { error: m.required })
  .max(500, { error: m.tooLong });

/** `POST /chats {title, users}`: a title and at least one user of the company (server-behaviour 15.1). */
export const ChatInput = z.object({ title: chatTitle, users: chatUsers });
export type ChatInput = z.infer<typeof ChatInput>;

/** `PUT /chats/:id` (owner only): absent fields stay; `users` replaces the members (the owner always stays). */
export const UpdateChatInput = z.object({ title: chatTitle.optional(), users: chatUsers.optional() });
export type UpdateChatInput = z.infer<typeof UpdateChatInput>;

/** `POST /chats/:id/messages {message}`: blank after trimming is refused. */
export const ChatMessageInput = z.object({
  message: z
    .string({ error: m.required })
    .trim()
    .min(1, { error: m.required })
    .max(10_000, { error: m.tooLong }),
});
export type ChatMessageInput = z.infer<typeof ChatMessageInput>;

/** `POST /chats/:id/read {userId}`: the caller's own id (or none). */
export const ReadChatInput = z.object({ userId: userId.optional() });
export type ReadChatInput = z.infer<typeof ReadChatInput>;

/** A chat by its uuid or its numeric id. */
export const chatKeyParam = z.object({ id: z.string().trim().min(1).max(64) });

export const ChatMemberView = z.object({
  userId: z.number(),
  unreads: z.number(),
  user: z.object({ id: z.number(), name: z.string() }),
});
export type ChatMemberView = z.infer<typeof ChatMemberView>;

export const ChatView = z.object({
  id: z.number(),
  uuid: z.string(),
  title: z.string(),
  /** Null once the owner's user is deleted. */
  ownerId: z.number().nullable(),
  lastMessage: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  users: z.array(ChatMemberView),
});
export type ChatView = z.infer<typeof ChatView>;

export const ChatMessageView = z.object({
  id: z.number(),
  chatId: z.number(),
  /** Null once the sender's user is deleted. */
  senderId: z.number().nullable(),
  sender: z.object({ id: z.number(), name: z.string() }).nullable(),
  message: z.string(),
  createdAt: z.string(),
});
export type ChatMessageView = z.infer<typeof ChatMessageView>;

export const ListChatsAnswer = z.object({
  records: z.array(ChatView),
  count: z.number(),
  hasMore: z.boolean(),
});
export type ListChatsAnswer = z.infer<typeof ListChatsAnswer>;

/** 20 messages from the newest, oldest first. */
export const ListChatMessagesAnswer = z.object({
  records: z.array(ChatMessageView),
  count: z.number(),
  hasMore: z.boolean(),
});
export type ListChatMessagesAnswer = z.infer<typeof ListChatMessagesAnswer>;

/** Socket event names of the internal chat, after `company-{cid}-` (server-behaviour 15.1). */
export const chatEvents = {
  list: 'chat',
  ofUser: (userId: number) => `chat-user-${userId}`,
  ofChat: (chatId: number) => `chat-${chatId}`,
} as const;

export type ChatListEvent =
  | { action: 'new-message'; chat: ChatView; newMessage: ChatMessageView }
  | { action: 'update'; chat: ChatView }
  | { action: 'delete'; id: number };
export type ChatRoomEvent =
  | { action: 'new-message'; chat: ChatView; newMessage: ChatMessageView }
  | { action: 'update'; chat: ChatView };
export type ChatUserEvent = { action: 'create' | 'update'; record: ChatView };

export const chatRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/chats',
    auth: 'user',
    query: pagedQuery,
    summary:
      "The caller's chats, latest activity first, with members and unread counts (empty without the plan's internal chat)",
  }),
  get: defineRoute({
    method: 'GET',
    path: '/chats/:id',
    auth: 'user',
    params: chatKeyParam,
    summary: 'One chat by uuid or id (members only)',
  }),
  create: defineRoute({
    method: 'POST',
    path: '/chats',
    auth: 'user',
    planFlag: 'useInternalChat',
    body: ChatInput,
    summary: 'Create a chat owned by the caller with the given users',
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/chats/:id',
    auth: 'user',
    planFlag: 'useInternalChat',
    params: chatKeyParam,
    body: UpdateChatInput,
    summary: 'Edit a chat: title and members (owner only)',
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/chats/:id',
    auth: 'user',
    planFlag: 'useInternalChat',
    params: chatKeyParam,
    summary: 'Delete a chat and its messages (owner only)',
  }),
  messages: defineRoute({
    method: 'GET',
    path: '/chats/:id/messages',
    auth: 'user',
    params: chatKeyParam,
    query: pagedQuery,
    summary: 'A page of 20 messages from the newest, oldest first (members only)',
  }),
  send: defineRoute({
    method: 'POST',
    path: '/chats/:id/messages',
    auth: 'user',
    planFlag: 'useInternalChat',
    params: chatKeyParam,
    body: ChatMessageInput,
    summary: "Send a message to a chat; the other members' unread counts go up (members only)",
  }),
  read: defineRoute({
    method: 'POST',
    path: '/chats/:id/read',
    auth: 'user',
    planFlag: 'useInternalChat',
    params: chatKeyParam,
    body: ReadChatInput,
    summary: "Reset the caller's unread count of a chat",
  }),
};
