import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { abilitiesOf, routes, type PromptView, type RouteDef, type SessionUser } from '@zapdesk/contracts';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SessionContext, type SessionValue } from '../../auth/sessionContext';
import { RealtimeContext } from '../../../lib/socket/RealtimeContext';
import type { RealtimeClient } from '../../../lib/socket/realtimeClient';
import { PromptsPage } from './PromptsPage';

const prompt: PromptView = {
  id: 4,
  name: 'Assistente da loja',
  prompt: 'Você é a assistente virtual da loja. Responda curto e com educação ao cliente.',
  model: 'gpt-3.5-turbo-1106',
  maxTokens: 100,
  temperature: 1,
  apiKey: '••••••••1234',
  queueId: 0,
  maxMessages: 10,
  queue: null,
  createdAt: '2026-11-27T10:00:00Z',
  updatedAt: '2026-11-27T10:00:00Z',
};

// The server as the page sees it: one prompt, and the ids it was asked to delete.
const deleted: unknown[] = [];
vi.mock('../../../lib/api/client', () => ({
  callRoute: (route: RouteDef, options: { params?: { id: number } }) => {
    if (route === routes.prompts.list)
      return Promise.resolve({ prompts: [prompt], count: 1, hasMore: false });
    if (route === routes.prompts.remove) {
      deleted.push(options.params?.id);
      return Promise.resolve({ message: 'Prompt deleted' });
    }
    throw new Error(`unexpected route ${route.path}`);
  },
}));

// Which kind of toast the page shows, and with what text.
const toasts: Array<{ kind: string; message: string }> = [];
vi.mock('../../../lib/toast', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  toast: Object.fromEntries(
    ['success', 'info', 'warning', 'error'].map((kind) => [
      kind,
      (message: string) => toasts.push({ kind, message }),
    ]),
  ),
}));

// An admin as the server answers one: with the abilities of the profile.
const user = {
  id: 2,
  companyId: 1,
  profile: 'admin',
  abilities: abilitiesOf({ profile: 'admin', super: false }),
} as SessionUser;
const realtime = {
  eventName: (name: string) => `company-1-${name}`,
  on: () => () => undefined,
} as unknown as RealtimeClient;

describe('the prompts page', () => {
  it('says a deleted prompt is deleted with an info toast (spec 2), and drops its row', async () => {
    const session = { status: 'authenticated', user, updateUser: vi.fn() } as unknown as SessionValue;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <SessionContext.Provider value={session}>
          <RealtimeContext.Provider value={realtime}>
            <MemoryRouter initialEntries={['/prompts']}>
              <PromptsPage />
            </MemoryRouter>
          </RealtimeContext.Provider>
        </SessionContext.Provider>
      </QueryClientProvider>,
    );
    const row = await screen.findByTestId('prompt-row');
    fireEvent.click(within(row).getByTestId('prompt-delete'));
    fireEvent.click(await screen.findByTestId('confirm-button'));
    await waitFor(() => expect(toasts).toEqual([{ kind: 'info', message: 'Prompt deleted successfully!' }]));
    expect(deleted).toEqual([4]);
    await waitFor(() => expect(screen.queryByTestId('prompt-row')).toBeNull());
  }, 15_000);
});
