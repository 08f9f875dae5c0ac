import { useQuery } from '@tanstack/react-query';
import { request } from '../../lib/api/client';
import { emptyWhenMissing } from '../../lib/api/missing';

export interface ChatMember {
  userId: number;
  unreads: number;
  user?: { id: number; name: string };
}

/** The fields of an internal chat the shell needs (spec 2 section 3). */
export interface ChatSummary {
  id: number;
  uuid: string;
  title: string;
  lastMessage?: string | null;
  updatedAt: string;
  users: ChatMember[];
}

export interface ChatPage {
  records: ChatSummary[];
  hasMore: boolean;
}

export const chatKeys = {
  all: ['chats'] as const,
  firstPage: () => [...chatKeys.all, 'list', 1] as const,
};

export const unreadsOf = (chat: ChatSummary, userId: number): number =>
  chat.users.find((member) => member.userId === userId)?.unreads ?? 0;

/** First page of the user's chats (GET /chats), for the unread badge and the chats bell. */
export function useChatFirstPage() {
  return useQuery({
    queryKey: chatKeys.firstPage(),
    queryFn: ({ signal }) =>
      emptyWhenMissing(request<ChatPage>('/chats', { query: { pageNumber: 1 }, signal }), {
        records: [],
        hasMore: false,
      }),
    meta: { silent: true },
  });
}

/** The user's chats with unread messages. */
export function useUnreadChats(userId: number): ChatSummary[] {
  const { data } = useChatFirstPage();
  return (data?.records ?? []).filter((chat) => unreadsOf(chat, userId) > 0);
}
