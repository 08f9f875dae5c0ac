import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './ApiError';
import { request } from './client';
import { getToken, onSessionEnd, setToken } from '../session/tokenStore';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const session = (token: string) => ({ token, user: { id: 1, companyId: 1 } });

/** A fake API: the refresh route answers `refresh()`; other routes accept only `validToken`. */
function fakeApi(options: { validToken: string; refresh: () => Promise<Response> }) {
  const calls: { path: string; token: string | null }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const token = headers.Authorization?.replace('Bearer ', '') ?? null;
    calls.push({ path, token });
    if (path === '/auth/refresh_token') return options.refresh();
    if (token === options.validToken) return json(200, { path });
    return json(403, { error: 'ERR_SESSION_EXPIRED' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, refreshCalls: () => calls.filter((c) => c.path === '/auth/refresh_token').length };
}

describe('API client session rules', () => {
  beforeEach(() => setToken('old-token'));
  afterEach(() => vi.unstubAllGlobals());

  it('refreshes once for concurrent 403s, holds the others, then retries each with the new token', async () => {
    let finishRefresh: (response: Response) => void = () => {};
    const api = fakeApi({
      validToken: 'new-token',
      refresh: () => new Promise<Response>((resolve) => (finishRefresh = resolve)),
    });

    const pending = Promise.all([request('/users'), request('/tags'), request('/queue')]);
    await vi.waitFor(() => expect(api.refreshCalls()).toBe(1));
    // While the refresh runs, nobody has been retried yet.
    expect(api.calls.filter((c) => c.token === 'new-token')).toEqual([]);

    finishRefresh(json(200, session('new-token')));
    await expect(pending).resolves.toEqual([{ path: '/users' }, { path: '/tags' }, { path: '/queue' }]);
    expect(api.refreshCalls()).toBe(1);
    expect(
      api.calls
        .filter((c) => c.token === 'new-token')
        .map((c) => c.path)
        .sort(),
    ).toEqual(['/queue', '/tags', '/users']);
    expect(getToken()).toBe('new-token');
  });

  it('retries a late 403 with the token a finished refresh already brought', async () => {
    const api = fakeApi({ validToken: 'new-token', refresh: async () => json(200, session('new-token')) });
    await request('/users');
    // A request sent with the old token that fails after the refresh finished.
    setToken('new-token');
    const answer = await request('/tags');
    expect(answer).toEqual({ path: '/tags' });
    expect(api.refreshCalls()).toBe(1);
  });

  it('retries only once: a second 403 is an error, not another refresh', async () => {
    const api = fakeApi({ validToken: 'never', refresh: async () => json(200, session('new-token')) });
    const failure = await request('/settings').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(403);
    expect(api.refreshCalls()).toBe(1);
    expect(api.calls.map((c) => c.path)).toEqual(['/settings', '/auth/refresh_token', '/settings']);
  });

  it('ends the session when the refresh is refused', async () => {
    fakeApi({ validToken: 'new-token', refresh: async () => json(401, { error: 'ERR_SESSION_EXPIRED' }) });
    const ended = vi.fn();
    const off = onSessionEnd(ended);
    const failures = await Promise.all(
      [request('/users'), request('/tags')].map((p) => p.catch((error: unknown) => error)),
    );
    off();
    for (const failure of failures) expect((failure as ApiError).sessionEnded).toBe(true);
    expect(ended).toHaveBeenCalledWith('expired');
    expect(getToken()).toBeNull();
  });

  it('asks again once when another tab won the refresh race, and keeps the session', async () => {
    const answers = [
      json(401, { error: 'ERR_SESSION_EXPIRED', raced: true }),
      json(200, session('new-token')),
    ];
    const api = fakeApi({
      validToken: 'new-token',
      refresh: async () => answers.shift() ?? json(401, { error: 'ERR_SESSION_EXPIRED' }),
    });
    const ended = vi.fn();
    const off = onSessionEnd(ended);
    await expect(request('/users')).resolves.toEqual({ path: '/users' });
    off();
    expect(api.refreshCalls()).toBe(2);
    expect(ended).not.toHaveBeenCalled();
    expect(getToken()).toBe('new-token');
  });

  it('ends the session when the second ask after a lost race is refused too', async () => {
    const api = fakeApi({
      validToken: 'new-token',
      refresh: async () => json(401, { error: 'ERR_SESSION_EXPIRED', raced: true }),
    });
    const failure = await request('/users').catch((error: unknown) => error);
    expect((failure as ApiError).sessionEnded).toBe(true);
    expect(api.refreshCalls()).toBe(2);
    expect(getToken()).toBeNull();
  });

  it('clears the session on a 401', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { error: 'ERR_SESSION_EXPIRED' })),
    );
    window.localStorage.setItem('companyId', '1');
    window.localStorage.setItem('userId', '7');
    window.localStorage.setItem('volume', '0.4');
    const ended = vi.fn();
    const off = onSessionEnd(ended);
    const failure = await request('/users').catch((error: unknown) => error);
    off();
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).sessionEnded).toBe(true);
    expect(ended).toHaveBeenCalledWith('expired');
    expect(getToken()).toBeNull();
    expect(window.localStorage.getItem('companyId')).toBeNull();
    expect(window.localStorage.getItem('userId')).toBeNull();
    // Preferences outlive the session.
    expect(window.localStorage.getItem('volume')).toBe('0.4');
  });

  it('leaves public calls alone: a 401 from the login is just an error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { error: 'ERR_INVALID_CREDENTIALS' })),
    );
    const ended = vi.fn();
    const off = onSessionEnd(ended);
    const failure = await request('/auth/login', { method: 'POST', body: {}, auth: false }).catch(
      (error: unknown) => error,
    );
    off();
    expect((failure as ApiError).code).toBe('ERR_INVALID_CREDENTIALS');
    expect((failure as ApiError).sessionEnded).toBe(false);
    expect(ended).not.toHaveBeenCalled();
    expect(getToken()).toBe('old-token');
  });
});
