// Calls to the server under test as a signed-in user would make them, for arranging what a test does not
// exercise through the interface (a connection, a customer) and for reading what the simulated phone got.
import type { Page } from 'playwright-core';
import { appUrl } from './browser';

/** Signs in through POST /auth/login and answers the access token (it signs out that user's other sessions). */
export async function apiToken(email: string, password: string): Promise<string> {
  const answer = await fetch(appUrl('/auth/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!answer.ok) throw new Error(`login of ${email} answered ${answer.status}`);
  const body = (await answer.json()) as { token: string };
  return body.token;
}

/** The page's own access token (a browser login makes any earlier token of that user invalid). */
export async function pageToken(page: Page): Promise<string> {
  return (await page.evaluate(() => window.localStorage.getItem('token'))) ?? '';
}

/** One JSON call with a bearer token; anything but 2xx throws with the answer's text. */
export async function api<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const answer = await fetch(appUrl(path), {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`${method} ${path} answered ${answer.status}: ${await answer.text()}`);
  const text = await answer.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
