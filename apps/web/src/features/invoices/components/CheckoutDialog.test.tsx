import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import {
  routes,
  type InvoiceView,
  type PixChargeView,
  type RouteDef,
  type SessionUser,
} from '@zapdesk/contracts';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionContext, type SessionValue } from '../../auth/sessionContext';
import { RealtimeContext } from '../../../lib/socket/RealtimeContext';
import type { RealtimeClient } from '../../../lib/socket/realtimeClient';
import { CheckoutDialog } from './CheckoutDialog';

// The server as the dialog sees it: every checkout body it received, answered with a sandbox charge.
const checkouts: unknown[] = [];
const charge: PixChargeView = {
  txid: 'Tx0000000000000000000000A',
  status: 'ATIVA',
  calendario: { criacao: '2026-11-27T10:00:00Z', expiracao: 3600 },
  valor: { original: '30.00' },
  chave: 'pix@zapdesk.local',
  solicitacaoPagador: '#Fatura:7',
  qrcode: { qrcode: '00020126...6304ABCD', imagemQrcode: 'data:image/png;base64,AAAA' },
  provider: 'sandbox',
};
vi.mock('../../../lib/api/client', () => ({
  callRoute: (route: RouteDef, options: { body?: unknown }) => {
    if (route === routes.subscription.checkout) {
      checkouts.push(options.body);
      return Promise.resolve(charge);
    }
    throw new Error(`unexpected route ${route.path}`);
  },
}));

const invoice: InvoiceView = {
  id: 7,
  companyId: 1,
  detail: 'Plano 1',
  value: 30,
  dueDate: '2026-11-30',
  status: 'open',
  paidAt: null,
  paidValue: null,
  createdAt: '2026-11-27T10:00:00Z',
  updatedAt: '2026-11-27T10:00:00Z',
};

const user = {
  id: 2,
  companyId: 1,
  profile: 'admin',
  company: {
    id: 1,
    name: 'Acme',
    dueDate: '2026-11-30',
    plan: { name: 'Plano 1', users: 10, connections: 10, queues: 0 },
  },
} as SessionUser;

/** A socket stand-in: handlers by event name, and `emit` to play the server. */
function fakeRealtime() {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  const client = {
    eventName: (name: string) => `company-1-${name}`,
    on(event: string, handler: (payload: unknown) => void) {
      const set = handlers.get(event) ?? new Set();
      set.add(handler);
      handlers.set(event, set);
      return () => set.delete(handler);
    },
  };
  const emit = (event: string, payload: unknown) =>
    handlers.get(event)?.forEach((handler) => handler(payload));
  return { client: client as unknown as RealtimeClient, emit };
}

function Where() {
  return <p data-testid="path">{useLocation().pathname}</p>;
}

function renderCheckout() {
  const realtime = fakeRealtime();
  const session = { status: 'authenticated', user, updateUser: vi.fn() } as unknown as SessionValue;
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionContext.Provider value={session}>
        <RealtimeContext.Provider value={realtime.client}>
          <MemoryRouter initialEntries={['/financeiro']}>
            <Routes>
              <Route path="/" element={<Where />} />
              <Route
                path="/financeiro"
                element={<CheckoutDialog invoice={invoice} onClose={() => undefined} />}
              />
            </Routes>
          </MemoryRouter>
        </RealtimeContext.Provider>
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
  return { emit: realtime.emit, dialog: within(screen.getByTestId('checkout-dialog')) };
}

describe('the checkout dialog', () => {
  beforeEach(() => checkouts.splice(0));

  it('starts at the plan step with the invoice value and requires the data step once it is opened', async () => {
    const { dialog } = renderCheckout();
    expect(dialog.getByTestId('checkout-amount').textContent?.replace(/\s/g, ' ')).toBe('R$ 30,00');
    fireEvent.click(dialog.getByTestId('checkout-back'));
    fireEvent.click(dialog.getByTestId('checkout-next'));
    expect((await dialog.findAllByText('Required')).length).toBe(6);
    expect(dialog.queryByTestId('checkout-amount')).toBeNull();
  }, 15_000);

  it('charges the invoice, waits, then shows the renewal and goes home after 4 s', async () => {
    const { dialog, emit } = renderCheckout();
    fireEvent.click(dialog.getByTestId('checkout-next'));
    fireEvent.click(await dialog.findByTestId('checkout-pay'));
    expect(await dialog.findByTestId('pix-waiting')).toBeTruthy();
    expect((dialog.getByTestId('pix-code') as HTMLInputElement).value).toBe(charge.qrcode.qrcode);
    expect(checkouts).toMatchObject([{ invoiceId: 7 }]);

    // Waiting until the payment event arrives.
    expect(dialog.queryByTestId('checkout-renewed')).toBeNull();
    emit('company-1-payment', { action: 'CONCLUIDA', company: { id: 1, dueDate: '2026-12-30' } });
    expect((await dialog.findByTestId('checkout-renewed')).textContent).toContain('30/12/2026');
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/'), { timeout: 6000 });
  }, 15_000);
});
