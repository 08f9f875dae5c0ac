import { render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { CycleMarker } from './CycleMarker';

describe('the marker between two conversations', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('says the previous one closed and when the next started', () => {
    render(<CycleMarker startedAt={new Date(2026, 10, 20, 14, 5)} />);
    expect(screen.getByTestId('cycle-closed').textContent).toBe('Conversation closed');
    expect(screen.getByTestId('cycle-started').textContent).toBe('New conversation started at 14:05');
  });

  it('speaks the agent’s language', async () => {
    await i18n.changeLanguage('pt');
    render(<CycleMarker startedAt={new Date(2026, 10, 20, 9, 30)} />);
    expect(screen.getByTestId('ticket-change').textContent).toBe(
      'Atendimento encerradoNovo atendimento iniciado às 09:30',
    );
  });
});
