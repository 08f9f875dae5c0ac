import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { ChatMessageView, ChatView, ListChatsAnswer } from '@zapdesk/contracts';
import {
  appendChatMessage,
  applyChat,
  chatKeys,
  flattenChatMessages,
  removeChat,
  type ChatMessagePages,
} from './api';

const chat = (id: number, updatedAt: string, unreads = 0): ChatView => ({
  id,
  uuid: `00000000-0000-4000-8000-00000000000${id}`,
  title: `Chat ${id}`,
  ownerId: 1,
  lastMessage: '',
  createdAt: updatedAt,
  updatedAt,
  users: [{ userId: 1, unreads, user: { id: 1, name: 'Ana' } }],
});

const message = (id: number, chatId = 7): ChatMessageView => ({
  id,
  chatId,
  senderId: 2,
  sender: { id: 2, name: 'Bruno' },
  message: `m${id}`,
  createdAt: '2026-11-27T10:00:00.000Z',
});

describe('chat caches', () => {
  it('moves a chat with new activity to the top of the list and replaces its old copy', () => {
    const client = new QueryClient();
    client.setQueryData<ListChatsAnswer>(chatKeys.firstPage(), {
      records: [chat(1, '2026-11-27T10:00:00Z'), chat(2, '2026-11-27T09:00:00Z')],
      count: 2,
      hasMore: false,
    });
    applyChat(client, chat(2, '2026-11-27T11:00:00Z', 3));
    const page = client.getQueryData<ListChatsAnswer>(chatKeys.firstPage());
    expect(page?.records.map((c) => [c.id, c.users[0]?.unreads])).toEqual([
      [2, 3],
      [1, 0],
    ]);
    removeChat(client, 2);
    expect(client.getQueryData<ListChatsAnswer>(chatKeys.firstPage())?.records.map((c) => c.id)).toEqual([1]);
  });

  it('appends a new message once at the end of the history, which reads oldest first', () => {
    const client = new QueryClient();
    client.setQueryData<ChatMessagePages>(chatKeys.messages(7), {
      pageParams: [1, 2],
      pages: [
        { records: [message(21), message(22)], count: 4, hasMore: true },
        { records: [message(19), message(20)], count: 4, hasMore: false },
      ],
    });
    appendChatMessage(client, message(23));
    appendChatMessage(client, message(23));
    const data = client.getQueryData<ChatMessagePages>(chatKeys.messages(7));
    expect(flattenChatMessages(data).map((m) => m.id)).toEqual([19, 20, 21, 22, 23]);
  });
});
