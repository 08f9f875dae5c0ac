// Actions and checks on the Zapdesk web app, by the selectors the app promises: inputs named like API
// fields, buttons with text, data-testid hooks, data-theme and lang on <html>.
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { appUrl, pathOf, resultsDir } from './browser';

/** Waits until the page's path satisfies the test (string = exact path or prefix ending with '/'). */
export async function waitForPath(page: Page, expected: string | RegExp, timeout = 15_000): Promise<void> {
  const matches = (url: URL) =>
    typeof expected === 'string' ? url.pathname === expected : expected.test(url.pathname);
  await page.waitForURL(matches, { timeout, waitUntil: 'commit' });
}

/** Fills the login form and submits it (from wherever the page is: opens /login). */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  if (pathOf(page) !== '/login') await page.goto(appUrl('/login'));
  // Scoped to the login form: right after a client-side move to /login (from sign-up, say) the previous
  // page's own email and password inputs can still be on screen while the login page loads.
  const form = page.getByTestId('login-form');
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(password);
  await form.locator('button[type="submit"]').click();
}

/**
 * Logs in through the login page and waits until the app shell shows (the landing route itself,
 * /tickets, is asserted by the sign-up test).
 */
export async function login(page: Page, email: string, password: string): Promise<void> {
  await submitLogin(page, email, password);
  await page.waitForURL((url) => url.pathname !== '/login', { waitUntil: 'commit' });
  await page.getByTestId('app-drawer').waitFor({ state: 'attached' });
}

/**
 * Picks an option in the field named `name`: a native <select>, or an MUI select (hidden input next to
 * a combobox that opens a listbox).
 */
export async function chooseOption(page: Page, name: string, label: string | RegExp): Promise<void> {
  const input = page.locator(`[name="${name}"]`).first();
  const tag = await input.evaluate((el) => el.tagName.toLowerCase());
  if (tag === 'select') {
    const text = typeof label === 'string' ? label : undefined;
    if (text) await input.selectOption({ label: text });
    else {
      const options = await input.locator('option').allTextContents();
      const found = options.find((o) => (label as RegExp).test(o));
      if (!found) throw new Error(`no option matching ${label} in select ${name}`);
      await input.selectOption({ label: found });
    }
    return;
  }
  const combobox = input.locator('xpath=..').getByRole('combobox');
  await combobox.click();
  await page.getByRole('option', { name: label }).click();
}

/** expect.poll with room for a busy machine (the default gives up after one second). */
export function eventually<T>(read: () => T | Promise<T>): ReturnType<typeof expect.poll<T>> {
  return expect.poll(read, { timeout: 15_000 });
}

/** The visible text of the document body. */
export function bodyText(page: Page): Promise<string> {
  return page.locator('body').innerText();
}

/** Waits until the body shows the text (substring or pattern). */
export async function waitForText(page: Page, text: string | RegExp, timeout = 15_000): Promise<void> {
  await expect
    .poll(
      async () => {
        const body = await bodyText(page);
        return typeof text === 'string' ? body.includes(text) : text.test(body);
      },
      { timeout, message: `page ${page.url()} to show ${String(text)}` },
    )
    .toBe(true);
}

/** `data-theme` and `lang` of <html>. */
export async function htmlState(page: Page): Promise<{ theme: string | null; lang: string | null }> {
  return page.evaluate(() => ({
    theme: document.documentElement.getAttribute('data-theme'),
    lang: document.documentElement.getAttribute('lang'),
  }));
}

/** Widths of the document and the window: the page must not scroll sideways. */
export async function horizontalOverflow(page: Page): Promise<{ scrollWidth: number; innerWidth: number }> {
  return page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
}

/** Saves a full-page screenshot under test-results/screens/. */
export async function saveScreen(page: Page, name: string): Promise<string> {
  const file = path.join(resultsDir, 'screens', `${name}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Records the API requests a page makes (method and path), from now on. */
export function recordRequests(page: Page): { method: string; path: string }[] {
  const seen: { method: string; path: string }[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === new URL(appUrl('/')).origin)
      seen.push({ method: request.method(), path: url.pathname });
  });
  return seen;
}

/** Whether a locator matches at least one visible element right now. */
export async function isShown(locator: Locator): Promise<boolean> {
  return (await locator.count()) > 0 && (await locator.first().isVisible());
}

/**
 * Resolves once the page's socket.io connection has joined its namespace (the "40" packet), so live
 * events from now on reach the page. Call before the action that opens the socket.
 */
export function socketConnected(page: Page, timeout = 15_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('no socket.io connection within the time limit')),
      timeout,
    );
    page.on('websocket', (socket) => {
      if (!socket.url().includes('/socket.io')) return;
      socket.on('framereceived', ({ payload }) => {
        if (typeof payload === 'string' && payload.startsWith('40')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  });
}
