import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ListMessagesAnswer, MessageView } from '@zapdesk/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { flattenMessages } from './cache';
import { useMessageList } from './api';

// The server side of GET /messages/:ticketId: what the ticket holds right now.
const stored: MessageView[] = [];
vi.mock('../../lib/api/client', () => ({
  callRoute: () =>
    Promise.resolve({
      count: stored.length,
      messages: [...stored],
      hasMore: false,
    } as Partial<ListMessagesAnswer>),
}));

const message = (id: number, body: string): MessageView => ({
  id,
  wid: null,
  ticketId: 5,
  cycleId: 1,
  contactId: null,
  contact: null,
  queueId: null,
  body,
  fromMe: false,
  read: true,
  mediaType: 'conversation',
  mediaUrl: null,
  mediaName: null,
  ack: 0,
  isDeleted: false,
  isEdited: false,
  isAutomatic: false,
  origin: 'customer',
  quotedMsgId: null,
  quotedMsg: null,
  error: null,
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
});

describe('a ticket’s message list', () => {
  beforeEach(() => stored.splice(0));

  it('shows what arrived while the ticket was closed in the browser when it is opened again', async () => {
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    stored.push(message(1, 'Olá'));
    const first = renderHook(() => useMessageList(5), { wrapper });
    await waitFor(() =>
      expect(flattenMessages(first.result.current.data).map((m) => m.body)).toEqual(['Olá']),
    );
    first.unmount();

    // Live events only reach an open chat: this one came while the agent was elsewhere.
    stored.push(message(2, '3'));
    const again = renderHook(() => useMessageList(5), { wrapper });

    await waitFor(() =>
      expect(flattenMessages(again.result.current.data).map((m) => m.body)).toEqual(['Olá', '3']),
    );
  });
});
