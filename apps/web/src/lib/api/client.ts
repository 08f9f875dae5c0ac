import { buildPath, routes, type RouteDef, type SessionAnswer } from '@zapdesk/contracts';
import type { z } from 'zod';
import { endSession, getToken, setToken } from '../session/tokenStore';
import { ApiError } from './ApiError';

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type QueryParams = Record<string, QueryValue>;

export interface RequestOptions {
  method?: RouteDef['method'];
  query?: QueryParams;
  /** JSON-encoded unless it is FormData. */
  body?: unknown;
  /** Sends the bearer token and applies the refresh/logout rules; false for public routes. */
  auth?: boolean;
  signal?: AbortSignal;
}

type SessionListener = (answer: SessionAnswer) => void;
const refreshListeners = new Set<SessionListener>();
let refreshInFlight: Promise<SessionAnswer> | null = null;

/** Called with every new session the refresh route hands out (the user may have changed). */
export function onSessionRefreshed(listener: SessionListener): () => void {
  refreshListeners.add(listener);
  return () => refreshListeners.delete(listener);
}

function toQueryString(query: QueryParams | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    search.set(key, Array.isArray(value) ? JSON.stringify(value) : String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(path + toQueryString(options.query), {
    method: options.method ?? 'GET',
    headers,
    body,
    credentials: 'include',
    signal: options.signal,
  });
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function errorCode(body: unknown): string | undefined {
  if (typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string') {
    return body.error;
  }
  return undefined;
}

async function toApiError(response: Response, sessionEnded = false): Promise<ApiError> {
  const body = await readBody(response);
  return new ApiError(response.status, errorCode(body), body, sessionEnded);
}

/**
 * New access token from the httpOnly `jrt` cookie. Only one refresh runs at a time: every caller that
 * arrives while it runs gets the same answer. A refused refresh ends the session.
 */
export function refreshSession(): Promise<SessionAnswer> {
  refreshInFlight ??= (async () => {
    try {
      let response = await send(routes.auth.refresh.path, { method: 'POST' }, null);
      if (response.status === 401 && (await lostRefreshRace(response))) {
        // Another tab refreshed with the same cookie a moment before; its newer cookie is ours too once its
        // answer is in.
        await new Promise((resolve) => setTimeout(resolve, REFRESH_RACE_RETRY_MS));
        response = await send(routes.auth.refresh.path, { method: 'POST' }, null);
      }
      if (!response.ok) {
        const error = await toApiError(response, true);
        endSession('expired');
        throw error;
      }
      const answer = (await readBody(response)) as SessionAnswer;
      setToken(answer.token);
      refreshListeners.forEach((listener) => listener(answer));
      return answer;
    } finally {
      refreshInFlight = null;
    }
  })();
  return refreshInFlight;
}

/** How long a tab that lost a refresh race to another tab waits before asking again. */
const REFRESH_RACE_RETRY_MS = 600;

/** Whether a refused refresh only lost a race with another tab (server-behaviour: rotation). */
async function lostRefreshRace(response: Response): Promise<boolean> {
  const body = await readBody(response.clone());
  return typeof body === 'object' && body !== null && 'raced' in body && body.raced === true;
}

/** The token to retry with after a 403: a refresh done meanwhile by another request, else a new one. */
async function tokenForRetry(sentToken: string | null): Promise<string | null> {
  const current = getToken();
  if (current && current !== sentToken && !refreshInFlight) return current;
  return (await refreshSession()).token;
}

/**
 * Calls the API. Authenticated calls follow server-behaviour 1.2: a 403 triggers one refresh (shared with
 * concurrent calls) and one retry; a 401 (or a refused refresh) ends the session.
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const auth = options.auth ?? true;
  const sentToken = auth ? getToken() : null;
  let response = await send(path, options, sentToken);

  if (auth && response.status === 403) {
    response = await send(path, options, await tokenForRetry(sentToken));
  }
  if (auth && response.status === 401) {
    const error = await toApiError(response, true);
    endSession('expired');
    throw error;
  }
  if (!response.ok) throw await toApiError(response);
  return (await readBody(response)) as T;
}

type RouteInput<R extends RouteDef> = R['body'] extends z.ZodType ? z.input<R['body']> : never;

export interface CallOptions<R extends RouteDef> {
  params?: Record<string, string | number>;
  query?: QueryParams;
  body?: RouteInput<R> | FormData;
  signal?: AbortSignal;
}

/**
 * Calls a route of the contract table; public routes go without the session rules. The answer type comes
 * from the caller's declared return type: `(): Promise<SessionAnswer> => callRoute(routes.auth.login, …)`.
 */
export function callRoute<R extends RouteDef, T = unknown>(
  route: R,
  options: CallOptions<R> = {},
): Promise<T> {
  return request<T>(buildPath(route.path, options.params), {
    method: route.method,
    query: options.query,
    body: options.body,
    auth: route.auth !== 'public',
    signal: options.signal,
  });
}
