import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { routes, type RouteDef, type TagView, type TicketView } from '@zapdesk/contracts';
import { describe, expect, it, vi } from 'vitest';
import { kanbanKeys, useMoveCard, type KanbanPages } from './api';

// The server refuses the lane's PUT (when the test says so) after taking the old lane tag off.
const calls: string[] = [];
let refusePut: (error: Error) => void = () => undefined;
vi.mock('../../lib/api/client', () => ({
  callRoute: (route: RouteDef) => {
    calls.push(`${route.method} ${route.path}`);
    if (route === routes.ticketTags.add) {
      return new Promise((_resolve, reject) => {
        refusePut = reject;
      });
    }
    return Promise.resolve({});
  },
}));

const lane = (id: number): TagView => ({
  id,
  name: `Lane ${id}`,
  color: '#123456',
  kanban: 1,
  userId: null,
  ticketsCount: 0,
  createdAt: '',
  updatedAt: '',
});
const card = { id: 7, tags: [{ id: 1, name: 'Lane 1', color: '#123456' }] } as unknown as TicketView;

describe('a kanban move', () => {
  it('moves the card at once and puts it back when the server refuses', async () => {
    const client = new QueryClient();
    const key = kanbanKeys.cardList({ showAll: true, queueIds: [] });
    const loaded: KanbanPages = { pages: [{ tickets: [card], count: 1, hasMore: false }], pageParams: [1] };
    client.setQueryData(key, loaded);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useMoveCard(), { wrapper });
    const tagIds = () => client.getQueryData<KanbanPages>(key)?.pages[0]?.tickets[0]?.tags.map((t) => t.id);

    act(() => result.current.mutate({ ticket: card, target: 2, lanes: [lane(1), lane(2)] }));
    await waitFor(() => expect(tagIds()).toEqual([2]));
    await waitFor(() => expect(calls).toHaveLength(2));
    act(() => refusePut(new Error('ERR_NO_PERMISSION')));
    await waitFor(() => expect(result.current.isError).toBe(true));

    expect(tagIds()).toEqual([1]);
    expect(calls).toEqual(['DELETE /ticket-tags/:ticketId', 'PUT /ticket-tags/:ticketId/:tagId']);
  });
});
