// One Chromium per test file, a fresh context per page, a full-page screenshot of every open page
// when a test fails (test-results/<file>--<test>.png, plus the page's console and failed requests).
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';

export const resultsDir = path.resolve(import.meta.dirname, '../../test-results');

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export interface PageOptions {
  width?: number;
  height?: number;
  colorScheme?: 'light' | 'dark';
  /** Browser locale (navigator.language); the app must not use it to pick its language. */
  locale?: string;
}

export interface BrowserHarness {
  /** A page in a new browser context (own cookies and local storage). */
  newPage(options?: PageOptions): Promise<Page>;
  /**
   * The file's one long-lived page (created by the first call, closed after the file): one login serves every
   * test of the file. Later calls answer the same page whatever the options (resize it with setViewportSize).
   */
  sharedPage(options?: PageOptions): Promise<Page>;
}

/** Absolute URL of a path on the server under test. */
export function appUrl(pathname: string): string {
  return new URL(pathname, inject('baseUrl')).toString();
}

/** Path of the page's current URL. */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

export interface BrowserOptions {
  /** Extra Chromium switches for this file (e.g. a fake microphone). */
  args?: string[];
}

/** Registers the hooks of a browser test file: launch once, close contexts after each test. */
export function useBrowser(options: BrowserOptions = {}): BrowserHarness {
  let browser: Browser | undefined;
  let open: { context: BrowserContext; page: Page; log: string[] }[] = [];
  let shared: { context: BrowserContext; page: Page; log: string[] } | undefined;

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [...CHROMIUM_ARGS, ...(options.args ?? [])],
    });
  });

  afterEach(async ({ task }) => {
    const pages = open;
    open = [];
    if (task.result?.state === 'fail') {
      fs.mkdirSync(resultsDir, { recursive: true });
      const base = `${path.basename(task.file.name).replace(/(\.spec|\.e2e\.test)?\.ts$/, '')}--${slug(task.name)}`;
      const shown = shared ? [...pages, shared] : pages;
      for (const [index, { page, log }] of shown.entries()) {
        const name = shown.length > 1 ? `${base}-${index + 1}` : base;
        await page
          .screenshot({ path: path.join(resultsDir, `${name}.png`), fullPage: true, timeout: 10_000 })
          .catch(() => undefined);
        fs.writeFileSync(path.join(resultsDir, `${name}.log`), `${page.url()}\n${log.join('\n')}\n`);
      }
    }
    await Promise.all(pages.map(({ context }) => context.close().catch(() => undefined)));
  });

  afterAll(async () => {
    await shared?.context.close().catch(() => undefined);
    shared = undefined;
    await browser?.close();
  });

  async function openPage(options: PageOptions) {
    if (!browser) throw new Error('useBrowser(): the browser is not launched yet (call newPage in a test)');
    const context = await browser.newContext({
      viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
      colorScheme: options.colorScheme ?? 'light',
      locale: options.locale ?? 'en-US',
      timezoneId: 'America/Sao_Paulo',
    });
    context.setDefaultTimeout(15_000);
    context.setDefaultNavigationTimeout(30_000);
    const page = await context.newPage();
    const log: string[] = [];
    page.on('console', (message) => log.push(`[console.${message.type()}] ${message.text()}`));
    page.on('pageerror', (error) => log.push(`[pageerror] ${error.message}`));
    page.on('requestfailed', (request) =>
      log.push(`[requestfailed] ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`),
    );
    page.on('response', (response) => {
      if (response.status() >= 400) {
        log.push(`[response ${response.status()}] ${response.request().method()} ${response.url()}`);
      }
    });
    return { context, page, log };
  }

  return {
    async newPage(options = {}) {
      const opened = await openPage(options);
      open.push(opened);
      return opened.page;
    },
    async sharedPage(options = {}) {
      shared ??= await openPage(options);
      return shared.page;
    },
  };
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);
}
