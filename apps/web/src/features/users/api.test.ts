import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import type { UserView } from '@zapdesk/contracts';
import { describe, expect, it } from 'vitest';
import { removeUserFromLists, upsertUserInLists, userKeys, type UserPage } from './api';
import { mergeById } from './hooks/mergeById';
import { effectiveSearch } from './pages/UsersPage';

const user = (id: number, name = `User ${id}`): UserView => ({
  id,
  name,
  email: `user${id}@example.test`,
  profile: 'user',
  super: false,
  companyId: 1,
  allTicket: 'desabled',
  whatsappId: null,
  whatsapp: null,
  timeZone: 'UTC',
  language: null,
  online: false,
  queues: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const pages = (...lists: UserView[][]): InfiniteData<UserPage, number> => ({
  pages: lists.map((users) => ({ users, count: 4, hasMore: true })),
  pageParams: lists.map((_, index) => index + 1),
});

function cacheWith(search: string, data: InfiniteData<UserPage, number>) {
  const client = new QueryClient();
  client.setQueryData(userKeys.list(search), data);
  const read = () =>
    client
      .getQueryData<InfiniteData<UserPage, number>>(userKeys.list(search))
      ?.pages.map((page) => page.users.map((u) => u.name));
  return { client, read };
}

describe('users list cache', () => {
  it('replaces a saved user where it is', () => {
    const { client, read } = cacheWith('', pages([user(1), user(2)], [user(3)]));
    upsertUserInLists(client, user(3, 'Renamed'));
    expect(read()).toEqual([['User 1', 'User 2'], ['Renamed']]);
  });

  it('puts a new user on top of the unfiltered list only', () => {
    const all = cacheWith('', pages([user(1)]));
    upsertUserInLists(all.client, user(9));
    expect(all.read()).toEqual([['User 9', 'User 1']]);

    const filtered = cacheWith('ana', pages([user(1)]));
    upsertUserInLists(filtered.client, user(9));
    expect(filtered.read()).toEqual([['User 1']]);
  });

  it('drops a deleted user from every page', () => {
    const { client, read } = cacheWith('', pages([user(1), user(2)], [user(3)]));
    removeUserFromLists(client, 2);
    expect(read()).toEqual([['User 1'], ['User 3']]);
  });

  it('merges pages by id, keeping the first copy of a row that shifted pages', () => {
    const rows = mergeById([
      [user(1), user(2)],
      [user(2, 'Shifted'), user(3)],
    ]);
    expect(rows.map((u) => u.name)).toEqual(['User 1', 'User 2', 'User 3']);
  });
});

describe('users search', () => {
  it('starts at 3 characters, ignoring surrounding spaces', () => {
    expect(effectiveSearch('an')).toBe('');
    expect(effectiveSearch('  an  ')).toBe('');
    expect(effectiveSearch('ana')).toBe('ana');
    expect(effectiveSearch(' ana ')).toBe('ana');
  });
});
