import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { NotificationTicket } from '../../../features/tickets/notifications';
import { NotificationsBell } from './NotificationsBell';

// The pending tickets as the bell receives them; the live list behind them has tests of its own.
const pending: NotificationTicket[] = [
  {
    id: 1,
    uuid: 'a',
    contactName: 'Maria',
    lastMessage: '1795000000000.ogg',
    lastMediaType: 'audio',
    updatedAt: '',
  },
  { id: 2, uuid: 'b', contactName: 'João', lastMessage: 'Bom dia', lastMediaType: null, updatedAt: '' },
];
vi.mock('../../../features/tickets/notifications', () => ({
  useNotificationTickets: () => pending,
  usePendingTicketsLoaded: () => true,
}));
vi.mock('../../../lib/socket/RealtimeContext', () => ({ useRealtime: () => null }));

describe('the notifications bell', () => {
  it('lists pending tickets with their last message, naming a voice note instead of its file name', () => {
    render(
      <MemoryRouter>
        <NotificationsBell />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByTestId('notifications-button'));
    // The list items are div buttons; the bell itself is a real <button>.
    const items = screen.getAllByRole('button').filter((item) => item.tagName === 'DIV');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/Maria.*Audio$/),
      expect.stringMatching(/João.*Bom dia$/),
    ]);
    expect(screen.queryByText('1795000000000.ogg')).toBeNull();
  });
});
