import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import {
  routes,
  type ChatInput,
  type ChatMessageView,
  type ChatView,
  type ListChatMessagesAnswer,
  type ListChatsAnswer,
} from '@zapdesk/contracts';
import { callRoute } from '../../lib/api/client';
import { emptyWhenMissing } from '../../lib/api/missing';
import { mergePages } from '../../lib/lists/pages';

/** The chat as the shell and the page show it (spec 2 section 3). */
export type ChatSummary = ChatView;
export type ChatPage = ListChatsAnswer;
type ChatPages = InfiniteData<ListChatsAnswer, number>;
export type ChatMessagePages = InfiniteData<ListChatMessagesAnswer, number>;

export const chatKeys = {
  all: ['chats'] as const,
  lists: () => [...chatKeys.all, 'list'] as const,
  firstPage: () => [...chatKeys.lists(), 1] as const,
  pages: () => [...chatKeys.lists(), 'pages'] as const,
  one: (key: string) => [...chatKeys.all, 'one', key] as const,
  // Not under `all`: refreshing the chat list must not reload open histories.
  messages: (chatId: number) => ['chatMessages', chatId] as const,
};

export const unreadsOf = (chat: ChatView, userId: number): number =>
  chat.users.find((member) => member.userId === userId)?.unreads ?? 0;

// Spec 2 section 8: chat call failures are swallowed silently.
const silent = { silent: true } as const;

const fetchChatPage = (pageNumber: number, signal?: AbortSignal) =>
  emptyWhenMissing(
    callRoute<typeof routes.chats.list, ListChatsAnswer>(routes.chats.list, {
      query: { pageNumber },
      signal,
    }),
    { records: [], count: 0, hasMore: false },
  );

/** First page of the user's chats (GET /chats), for the unread badge and the chats bell. */
export function useChatFirstPage() {
  return useQuery({
    queryKey: chatKeys.firstPage(),
    queryFn: ({ signal }) => fetchChatPage(1, signal),
    meta: silent,
  });
}

/** The user's chats with unread messages. */
export function useUnreadChats(userId: number): ChatView[] {
  const { data } = useChatFirstPage();
  return (data?.records ?? []).filter((chat) => unreadsOf(chat, userId) > 0);
}

/** Every loaded page of the chat list, latest activity first; more on scroll. */
export function useChatList() {
  const query = useInfiniteQuery({
    queryKey: chatKeys.pages(),
    queryFn: ({ pageParam, signal }) => fetchChatPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    meta: silent,
  });
  return {
    chats: mergePages(query.data?.pages ?? []),
    isPending: query.isPending,
    loadMore: () => {
      if (query.hasNextPage && !query.isFetching) void query.fetchNextPage();
    },
  };
}

/** One chat by uuid (a chat opened from an address may not be on the loaded pages). */
export function useChat(key: string | undefined) {
  return useQuery({
    queryKey: chatKeys.one(key ?? ''),
    queryFn: ({ signal }) =>
      callRoute<typeof routes.chats.get, ChatView>(routes.chats.get, { params: { id: key ?? '' }, signal }),
    enabled: key !== undefined,
    retry: false,
    meta: silent,
  });
}

const byActivity = (a: ChatView, b: ChatView) => b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id;

/** Puts a chat's new state in every cached list (first, or moved up by its activity) and its own entry. */
export function applyChat(queryClient: QueryClient, chat: ChatView): void {
  queryClient.setQueryData<ListChatsAnswer>(chatKeys.firstPage(), (page) =>
    page
      ? { ...page, records: [chat, ...page.records.filter((c) => c.id !== chat.id)].sort(byActivity) }
      : page,
  );
  queryClient.setQueryData<ChatPages>(chatKeys.pages(), (data) => {
    if (!data) return data;
    const pages = data.pages.map((page) => ({
      ...page,
      records: page.records.filter((c) => c.id !== chat.id),
    }));
    const [first, ...rest] = pages;
    if (!first) return data;
    return { ...data, pages: [{ ...first, records: [chat, ...first.records].sort(byActivity) }, ...rest] };
  });
  queryClient.setQueryData(chatKeys.one(chat.uuid), chat);
}

export function removeChat(queryClient: QueryClient, chatId: number): void {
  queryClient.setQueryData<ListChatsAnswer>(chatKeys.firstPage(), (page) =>
    page ? { ...page, records: page.records.filter((c) => c.id !== chatId) } : page,
  );
  queryClient.setQueryData<ChatPages>(chatKeys.pages(), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((p) => ({ ...p, records: p.records.filter((c) => c.id !== chatId) })),
        }
      : data,
  );
  void queryClient.invalidateQueries({ queryKey: [...chatKeys.all, 'one'] });
}

/** GET /chats/:id/messages: 20 from the newest; older pages when scrolled near the top. */
export function useChatMessages(chatId: number) {
  return useInfiniteQuery({
    queryKey: chatKeys.messages(chatId),
    queryFn: ({ pageParam, signal }) =>
      callRoute<typeof routes.chats.messages, ListChatMessagesAnswer>(routes.chats.messages, {
        params: { id: chatId },
        query: { pageNumber: pageParam },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, _all, lastParam) => (last.hasMore ? lastParam + 1 : undefined),
    // Live events keep an open chat current; opening it again reloads what came while it was closed.
    staleTime: Infinity,
    refetchOnMount: 'always',
    meta: silent,
  });
}

/** The loaded history, oldest first (page 1 is the newest 20, each page oldest first). */
export const flattenChatMessages = (
  data: InfiniteData<ListChatMessagesAnswer, unknown> | undefined,
): ChatMessageView[] => (data?.pages ?? []).toReversed().flatMap((page) => page.records);

/** Adds a message at the end of the newest page once (the sender's answer and its event may both arrive). */
export function appendChatMessage(queryClient: QueryClient, message: ChatMessageView): void {
  queryClient.setQueryData<ChatMessagePages>(chatKeys.messages(message.chatId), (data) => {
    if (!data) return data;
    if (data.pages.some((page) => page.records.some((m) => m.id === message.id))) return data;
    const [newest, ...older] = data.pages;
    if (!newest) return data;
    return {
      ...data,
      pages: [{ ...newest, count: newest.count + 1, records: [...newest.records, message] }, ...older],
    };
  });
}

export function useSendChatMessage(chatId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) =>
      callRoute<typeof routes.chats.send, ChatMessageView>(routes.chats.send, {
        params: { id: chatId },
        body: { message },
      }),
    onSuccess: (message) => appendChatMessage(queryClient, message),
    meta: silent,
  });
}

/** POST /chats/:id/read for the signed-in user. */
export function useMarkChatRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ chatId, userId }: { chatId: number; userId: number }) =>
      callRoute<typeof routes.chats.read, ChatView>(routes.chats.read, {
        params: { id: chatId },
        body: { userId },
      }),
    onSuccess: (chat) => applyChat(queryClient, chat),
    meta: silent,
  });
}

/** POST /chats without an id, PUT /chats/:id with one. */
export function useSaveChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: ChatInput }) =>
      id === undefined
        ? callRoute<typeof routes.chats.create, ChatView>(routes.chats.create, { body })
        : callRoute<typeof routes.chats.update, ChatView>(routes.chats.update, { params: { id }, body }),
    onSuccess: (chat) => applyChat(queryClient, chat),
    meta: silent,
  });
}

export function useDeleteChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callRoute(routes.chats.remove, { params: { id } }),
    onSuccess: (_answer, id) => removeChat(queryClient, id),
    meta: silent,
  });
}
