import type { ChatMessageView, ChatView } from '@zapdesk/contracts';
import type { ChatMemberRow, ChatMessageRow, ChatRow } from './chats.repository';

export function presentChat(row: ChatRow, members: ChatMemberRow[]): ChatView {
  return {
    id: row.id,
    uuid: row.uuid,
    title: row.title,
    ownerId: row.ownerId,
    lastMessage: row.lastMessage,
    createdAt: row.createdAt.toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
    users: members
      .filter((member) => member.chatId === row.id)
      .map((member) => ({
        userId: member.userId,
        unreads: member.unreads,
        user: { id: member.userId, name: member.name },
      })),
  };
}

export function presentChatMessage(row: ChatMessageRow): ChatMessageView {
  return {
    id: row.id,
    chatId: row.chatId,
    senderId: row.senderId,
    sender: row.senderId === null ? null : { id: row.senderId, name: row.senderName ?? '' },
    message: row.message,
    createdAt: row.createdAt.toISOString(),
  };
}
