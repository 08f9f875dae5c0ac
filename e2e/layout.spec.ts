// Every screen of the shell issue at a phone width and a desktop width: screenshots into
// test-results/screens/ and no sideways scrolling (architecture 6: every page works at 360 and 1920 px).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { horizontalOverflow, login, saveScreen } from './support/app';
import { appUrl, useBrowser } from './support/browser';
import { createCompanyWithAdmin } from './support/db';

const browser = useBrowser();

const sizes = [
  { width: 360, height: 740 },
  { width: 1920, height: 1080 },
];

describe.each(sizes)('screens at $width px', ({ width, height }) => {
  it(`lays out login, signup, forgetpsw, the tickets shell and the task list at ${width} px without horizontal overflow`, async () => {
    const { admin } = await createCompanyWithAdmin();
    const page = await browser.newPage({ width, height });
    const overflowing: string[] = [];
    const check = async (name: string, ready: (p: Page) => Promise<unknown>) => {
      await ready(page);
      // Let transitions (drawer, fonts) settle before measuring.
      await page.waitForTimeout(400);
      await saveScreen(page, `${name}-${width}`);
      const { scrollWidth, innerWidth } = await horizontalOverflow(page);
      if (scrollWidth > innerWidth) overflowing.push(`${name}: scrollWidth ${scrollWidth} > ${innerWidth}`);
    };

    await page.goto(appUrl('/login'));
    await check('login', (p) => p.locator('input[name="password"]').waitFor());
    await page.goto(appUrl('/signup'));
    await check('signup', (p) =>
      p.locator('input[name="planId"], select[name="planId"]').first().waitFor({ state: 'attached' }),
    );
    await page.goto(appUrl('/forgetpsw'));
    await check('forgetpsw', (p) => p.locator('input[name="email"]').waitFor());

    await login(page, admin.email, admin.password);
    await page.goto(appUrl('/tickets'));
    await check('tickets', (p) => p.getByTestId('greeting').waitFor({ state: 'attached' }));
    await page.goto(appUrl('/todolist'));
    await check('todolist', (p) => p.getByTestId('todo-input').waitFor());

    expect(overflowing).toEqual([]);
  });
});
