// Helpers of the team-feature browser tests (internal chat, announcements, messages API; issue 21).
import type { Page } from 'playwright-core';
import { login, socketConnected } from './app';
import type { BrowserHarness } from './browser';
import { createCompany, sql, unique } from './db';

/** The number on a top-bar bell's badge (0 when the badge is hidden). */
export async function bellCount(page: Page, testId: string): Promise<number> {
  const badge = page.locator(`[data-testid="${testId}"] .MuiBadge-badge`);
  if ((await badge.count()) === 0) return 0;
  if (await badge.evaluate((el) => el.classList.contains('MuiBadge-invisible'))) return 0;
  return Number((await badge.textContent()) ?? '0');
}

/** A signed-in page whose socket has joined, so live events from now on reach it (a busy machine gets 30 s). */
export async function signedIn(
  browser: BrowserHarness,
  user: { email: string; password: string },
  size = { width: 1600, height: 900 },
): Promise<Page> {
  const page = await browser.newPage(size);
  await Promise.all([socketConnected(page, 30_000), login(page, user.email, user.password)]);
  return page;
}

/** A company on a plan of its own with one feature flag off. */
export async function companyWithout(flag: 'use_external_api' | 'use_internal_chat') {
  const company = await createCompany();
  const [plan] = await sql<{ id: number }>(
    `insert into plans (name, users, connections, queues, value, ${flag}) values ($1, 10, 10, 10, 30, false)
     returning id`,
    [`Sem ${flag} ${unique()}`],
  );
  await sql('update companies set plan_id = $1 where id = $2', [plan!.id, company.id]);
  return company;
}
