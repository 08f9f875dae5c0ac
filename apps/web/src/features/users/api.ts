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
  type CreateUserInput,
  type Language,
  type UpdateUserInput,
  type UserView,
} from '@zapdesk/contracts';
import type { z } from 'zod';
import { callRoute } from '../../lib/api/client';

export interface UserPage {
  users: UserView[];
  count: number;
  hasMore: boolean;
}

/** The queue and connection fields the user form offers. */
export interface NamedOption {
  id: number;
  name: string;
  color?: string;
}

export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (search: string) => [...userKeys.lists(), search] as const,
  queueOptions: () => [...userKeys.all, 'queueOptions'] as const,
  connectionOptions: () => [...userKeys.all, 'connectionOptions'] as const,
};

export const updateUserRequest = (id: number, body: z.input<typeof UpdateUserInput>): Promise<UserView> =>
  callRoute(routes.users.update, { params: { id }, body });

/** Stores the interface language on the user; a failure is only logged (spec 1 section 7). */
export async function storeUserLanguage(language: Language): Promise<void> {
  try {
    await callRoute(routes.users.setLanguage, { params: { lang: language } });
  } catch (error) {
    console.error(error);
  }
}

export function useUpdateUser(id: number) {
  return useMutation({ mutationFn: (body: z.input<typeof UpdateUserInput>) => updateUserRequest(id, body) });
}

/** GET /users page by page; the search is sent as typed (the page decides when it starts). */
export function useUserPages(search: string) {
  return useInfiniteQuery({
    queryKey: userKeys.list(search),
    queryFn: ({ pageParam, signal }): Promise<UserPage> =>
      callRoute(routes.users.list, { query: { searchParam: search, pageNumber: pageParam }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

type UserPages = InfiniteData<UserPage, number>;

const searchOf = (key: readonly unknown[]): string => (typeof key[2] === 'string' ? key[2] : '');

/**
 * Puts a saved user into every loaded list: replaced where it is, else added on top of the unfiltered
 * list (a filtered one cannot tell whether the new user matches).
 */
export function upsertUserInLists(queryClient: QueryClient, user: UserView): void {
  for (const [key, data] of queryClient.getQueriesData<UserPages>({ queryKey: userKeys.lists() })) {
    if (!data) continue;
    const present = data.pages.some((page) => page.users.some((row) => row.id === user.id));
    if (!present && searchOf(key) !== '') continue;
    const pages = present
      ? data.pages.map((page) => ({
          ...page,
          users: page.users.map((row) => (row.id === user.id ? user : row)),
        }))
      : data.pages.map((page, index) =>
          index === 0 ? { ...page, users: [user, ...page.users], count: page.count + 1 } : page,
        );
    queryClient.setQueryData<UserPages>(key, { ...data, pages });
  }
}

export function removeUserFromLists(queryClient: QueryClient, userId: number): void {
  queryClient.setQueriesData<UserPages>({ queryKey: userKeys.lists() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            users: page.users.filter((row) => row.id !== userId),
          })),
        }
      : data,
  );
}

/** A user form's save: a new user, or changes to the one with this id. */
export type UserSave =
  | { id?: undefined; body: z.input<typeof CreateUserInput> }
  | { id: number; body: z.input<typeof UpdateUserInput> };

export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: UserSave): Promise<UserView> =>
      save.id === undefined
        ? callRoute(routes.users.create, { body: save.body })
        : updateUserRequest(save.id, save.body),
    onSuccess: (user) => upsertUserInLists(queryClient, user),
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callRoute(routes.users.remove, { params: { id } }),
    onSuccess: (_answer, id) => removeUserFromLists(queryClient, id),
  });
}

/** GET /queue: the queues a user can be put in. */
export function useQueueOptions(enabled: boolean) {
  return useQuery({
    queryKey: userKeys.queueOptions(),
    queryFn: ({ signal }): Promise<NamedOption[]> => callRoute(routes.queues.list, { signal }),
    enabled,
  });
}

/** GET /whatsapp: the connections a user can have as default. */
export function useConnectionOptions(enabled: boolean) {
  return useQuery({
    queryKey: userKeys.connectionOptions(),
    queryFn: ({ signal }): Promise<NamedOption[]> => callRoute(routes.whatsapps.list, { signal }),
    enabled,
  });
}
