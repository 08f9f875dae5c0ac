import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { routes, type RouteDef, type SessionUser } from '@zapdesk/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionContext, type SessionValue } from '../../auth/sessionContext';
import { ScheduleDialog } from './ScheduleDialog';

// The server as the dialog sees it: every POST /schedules it received.
const created: unknown[] = [];
vi.mock('../../../lib/api/client', () => ({
  callRoute: (route: RouteDef, options: { body?: unknown }) => {
    if (route === routes.schedules.create) {
      created.push(options.body);
      return Promise.resolve({ id: 3, ...(options.body as object) });
    }
    throw new Error(`unexpected route ${route.path}`);
  },
}));

const user = { id: 1, name: 'Ana', profile: 'user', timeZone: 'America/Sao_Paulo' } as SessionUser;
const session = { status: 'authenticated', user } as SessionValue;

function renderDialog() {
  const onClose = vi.fn();
  render(
    <SessionContext.Provider value={session}>
      <QueryClientProvider client={new QueryClient()}>
        <ScheduleDialog
          open
          contact={{ id: 42, name: 'Renata Alves', number: '5511999990000' }}
          onClose={onClose}
        />
      </QueryClientProvider>
    </SessionContext.Provider>,
  );
  return { onClose, dialog: within(screen.getByTestId('schedule-dialog')) };
}

const bodyField = (dialog: ReturnType<typeof within>) =>
  dialog.getByRole('textbox', { name: /Message/ }) as HTMLTextAreaElement;

describe('the schedule dialog', () => {
  beforeEach(() => created.splice(0));

  // The first render loads MUI's modules: slow on a busy machine.
  it(
    'refuses a message under 5 characters with the spec text and sends nothing',
    { timeout: 20_000 },
    async () => {
      const { dialog } = renderDialog();
      fireEvent.change(bodyField(dialog), { target: { value: 'Oi' } });
      fireEvent.click(dialog.getByTestId('schedule-save'));
      expect(await dialog.findByText('Mensagem muito curta')).toBeTruthy();
      expect(created).toEqual([]);
    },
  );

  it(
    "sends the contact, the variable the helper inserted and the time read in the user's time zone",
    { timeout: 20_000 },
    async () => {
      const { dialog, onClose } = renderDialog();
      fireEvent.change(bodyField(dialog), { target: { value: 'Olá , até amanhã' } });
      bodyField(dialog).setSelectionRange(4, 4);
      fireEvent.click(dialog.getByTestId('schedule-variable-firstName'));
      fireEvent.change(dialog.getByTestId('schedule-send-at'), { target: { value: '2030-03-10T09:30' } });
      fireEvent.click(dialog.getByTestId('schedule-save'));

      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(created).toEqual([
        {
          body: 'Olá {{firstName}}, até amanhã',
          contactId: 42,
          // 09:30 in São Paulo (UTC-3).
          sendAt: new Date('2030-03-10T12:30:00.000Z'),
          timeZone: 'America/Sao_Paulo',
        },
      ]);
    },
  );
});
