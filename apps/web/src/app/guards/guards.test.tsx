import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@zapdesk/contracts';
import { SessionContext, type SessionStatus, type SessionValue } from '../../features/auth/sessionContext';
import { PublicOnly } from './PublicOnly';
import { RequireAuth } from './RequireAuth';

const user = { id: 1, name: 'Ana', profile: 'user' } as SessionUser;

function session(status: SessionStatus): SessionValue {
  return {
    status,
    user: status === 'authenticated' ? user : null,
    signIn: () => {},
    signOut: async () => {},
    updateUser: () => {},
  };
}

function Where() {
  return <p data-testid="path">{useLocation().pathname}</p>;
}

function renderAt(path: string, status: SessionStatus) {
  return render(
    <SessionContext.Provider value={session(status)}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<PublicOnly />}>
            <Route path="/login" element={<Where />} />
            <Route path="/signup" element={<Where />} />
            <Route path="/forgetpsw" element={<Where />} />
          </Route>
          <Route element={<RequireAuth />}>
            <Route path="/" element={<Where />} />
            <Route path="/users" element={<Where />} />
            <Route path="/tickets/:ticketId?" element={<Where />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </SessionContext.Provider>,
  );
}

describe('route guards', () => {
  it.each(['/', '/users', '/tickets/abc'])('send an anonymous visitor of %s to /login', (path) => {
    renderAt(path, 'anonymous');
    expect(screen.getByTestId('path').textContent).toBe('/login');
  });

  it.each(['/login', '/signup', '/forgetpsw'])('send an authenticated user on %s to /', (path) => {
    renderAt(path, 'authenticated');
    expect(screen.getByTestId('path').textContent).toBe('/');
  });

  it('let an anonymous visitor use the public pages', () => {
    renderAt('/signup', 'anonymous');
    expect(screen.getByTestId('path').textContent).toBe('/signup');
  });

  it('let an authenticated user open a private page', () => {
    renderAt('/users', 'authenticated');
    expect(screen.getByTestId('path').textContent).toBe('/users');
  });

  it('wait for the session restore before deciding', () => {
    renderAt('/users', 'loading');
    expect(screen.queryByTestId('path')).toBeNull();
    expect(screen.getByRole('progressbar')).toBeTruthy();
  });
});
