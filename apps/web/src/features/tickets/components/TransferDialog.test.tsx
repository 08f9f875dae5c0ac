import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { routes, type RouteDef, type TicketDetailView } from '@zapdesk/contracts';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TransferDialog } from './TransferDialog';

// The server as the dialog sees it: two queues, two connections, and every PUT /tickets/:id it received.
const updates: unknown[] = [];
vi.mock('../../../lib/api/client', () => ({
  callRoute: (route: RouteDef, options: { body?: unknown }) => {
    if (route === routes.queues.list) {
      return Promise.resolve([
        { id: 1, name: 'Vendas', color: '#0a0', orderQueue: 1 },
        { id: 2, name: 'Suporte', color: '#00a', orderQueue: 2 },
      ]);
    }
    if (route === routes.whatsapps.list) {
      return Promise.resolve([
        { id: 10, name: 'Linha principal' },
        { id: 11, name: 'Linha reserva' },
      ]);
    }
    if (route === routes.tickets.update) {
      updates.push(options.body);
      return Promise.resolve({ ...ticket, uuid: 'uuid-5' });
    }
    if (route === routes.users.list) return Promise.resolve({ users: [{ id: 9, name: 'Paulo' }] });
    throw new Error(`unexpected route ${route.path}`);
  },
}));

const ticket = {
  id: 5,
  uuid: 'uuid-5',
  status: 'open',
  userId: 7,
  queueId: 1,
  whatsappId: 10,
  whatsapp: { id: 10, name: 'Linha principal' },
  contact: { name: 'Maria' },
} as TicketDetailView;

function Where() {
  return <p data-testid="path">{useLocation().pathname}</p>;
}

function renderDialog(patch: Partial<TicketDetailView> = {}) {
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/tickets/uuid-5']}>
        <Routes>
          <Route path="/tickets" element={<Where />} />
          <Route
            path="/tickets/:uuid"
            element={<TransferDialog ticket={{ ...ticket, ...patch }} open onClose={onClose} />}
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { onClose, dialog: within(screen.getByTestId('transfer-dialog')) };
}

/** Opens an MUI select by its label and picks the option with that text. */
async function choose(dialog: ReturnType<typeof within>, label: string, option: string) {
  fireEvent.mouseDown(dialog.getByRole('combobox', { name: new RegExp(label) }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('the transfer dialog', () => {
  beforeEach(() => updates.splice(0));

  it('refuses to transfer without a queue and says so, sending nothing', async () => {
    const { dialog, onClose } = renderDialog();
    fireEvent.click(dialog.getByTestId('transfer-confirm'));

    expect(await dialog.findByText('Choose a queue to transfer to')).toBeTruthy();
    expect(updates).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('starts on the ticket’s own connection and sends queue and connection, leaving the ticket pending there', async () => {
    const { dialog, onClose } = renderDialog();
    expect(dialog.getByRole('combobox', { name: /Connection/ }).textContent).toBe('Linha principal');

    await choose(dialog, 'Queue', 'Suporte');
    fireEvent.click(dialog.getByTestId('transfer-confirm'));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(updates).toEqual([{ queueId: 2, whatsappId: 10, status: 'pending', userId: null }]);
    // The navigation renders after onClose, in a later tick under load.
    expect((await screen.findByTestId('path')).textContent).toBe('/tickets');
  });

  it('asks for a connection when the ticket has none', async () => {
    const { dialog } = renderDialog({ whatsappId: null, whatsapp: null });
    await choose(dialog, 'Queue', 'Vendas');
    fireEvent.click(dialog.getByTestId('transfer-confirm'));

    expect(await dialog.findByText('Choose the connection to transfer through')).toBeTruthy();
    expect(dialog.queryByText('Choose a queue to transfer to')).toBeNull();
    expect(updates).toEqual([]);

    await choose(dialog, 'Connection', 'Linha reserva');
    fireEvent.click(dialog.getByTestId('transfer-confirm'));
    await waitFor(() =>
      expect(updates).toEqual([{ queueId: 1, whatsappId: 11, status: 'pending', userId: null }]),
    );
  });

  it('hands the ticket to the chosen user in the chosen queue, keeping it open', async () => {
    const { dialog, onClose } = renderDialog();
    const userInput = dialog.getByRole('combobox', { name: /User/ });
    fireEvent.focus(userInput);
    fireEvent.change(userInput, { target: { value: 'Pau' } });
    fireEvent.keyDown(userInput, { key: 'ArrowDown' });
    fireEvent.click(await screen.findByRole('option', { name: 'Paulo' }, { timeout: 3000 }));
    await choose(dialog, 'Queue', 'Suporte');
    fireEvent.click(dialog.getByTestId('transfer-confirm'));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(updates).toEqual([{ queueId: 2, whatsappId: 10, userId: 9 }]);
  });
});
