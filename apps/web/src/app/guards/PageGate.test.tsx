import { act, render, screen } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageGate, type GateRefusal } from './PageGate';

function Where() {
  return <p data-testid="path">{useLocation().pathname}</p>;
}

function renderGate(allowed: boolean, refusal: GateRefusal) {
  return render(
    <SnackbarProvider>
      <MemoryRouter initialEntries={['/prompts']}>
        <Routes>
          <Route path="/" element={<Where />} />
          <Route
            path="/prompts"
            element={
              <PageGate allowed={allowed} refusal={refusal}>
                <p>prompts page</p>
              </PageGate>
            }
          />
        </Routes>
      </MemoryRouter>
    </SnackbarProvider>,
  );
}

describe('plan and role gates on pages', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('show an allowed page', () => {
    renderGate(true, 'noPermission');
    expect(screen.getByText('prompts page')).toBeTruthy();
  });

  it('tell a company without the plan flag, then send it home after 1 s', () => {
    renderGate(false, 'noPermission');
    expect(screen.queryByText('prompts page')).toBeNull();
    expect(
      screen.getByText(
        'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.',
      ),
    ).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(999);
    });
    expect(screen.queryByTestId('path')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByTestId('path').textContent).toBe('/');
  });

  it('use the unauthorized text for the messages API', () => {
    renderGate(false, 'unauthorized');
    expect(screen.getByText('You are not allowed to access this page. Redirecting…')).toBeTruthy();
  });
});
