// Dashboard (spec 1 sections 2, 3 and 9; server-behaviour 18): counters of seeded attendance cycles,
// the attendants table and the two charts. A fresh company keeps the counters independent of other tests.
import { describe, expect, it } from 'vitest';
import { chooseOption, horizontalOverflow, login } from './support/app';
import { appUrl, useBrowser } from './support/browser';
import { createCompanyWithAdmin, sql, unique } from './support/db';
import { t } from './support/i18n';

const browser = useBrowser();

const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

async function seedTicket(companyId: number, status: 'open' | 'pending' | 'closed', userId: number | null) {
  const [contact] = await sql<{ id: number }>(
    `insert into contacts (company_id, name, number) values ($1, $2, $3) returning id`,
    [companyId, `Contact ${unique().slice(-5)}`, `55${Date.now()}${Math.floor(Math.random() * 1000)}`],
  );
  const [ticket] = await sql<{ id: number }>(
    `insert into tickets (company_id, status, contact_id, user_id) values ($1, $2, $3, $4) returning id`,
    [companyId, status, contact!.id, userId],
  );
  return ticket!.id;
}

describe('dashboard', () => {
  it('shows the counters, attendants and charts of seeded cycles for the period', async () => {
    const { company, admin } = await createCompanyWithAdmin();
    const open = await seedTicket(company.id, 'open', admin.id);
    const pending = await seedTicket(company.id, 'pending', null);
    const closed = await seedTicket(company.id, 'closed', admin.id);
    // Finished cycle: 10 min waiting, 10 min talking. Open cycle: started after 10 min. Pending: not started.
    await sql(
      `insert into ticket_tracking (company_id, ticket_id, user_id, queued_at, started_at, finished_at) values
         ($1, $2, $5, now() - interval '30 minutes', now() - interval '20 minutes', now() - interval '10 minutes'),
         ($1, $3, $5, now() - interval '20 minutes', now() - interval '10 minutes', null),
         ($1, $4, null, now() - interval '5 minutes', null, null)`,
      [company.id, closed, open, pending, admin.id],
    );

    const page = await browser.newPage({ width: 360, height: 800 });
    await login(page, admin.email, admin.password);
    await page.goto(appUrl('/'));
    await chooseOption(page, 'filterType', t('en', 'dashboard:filter.byPeriod'));
    await chooseOption(page, 'days', t('en', 'dashboard:filter.lastDays', { days: 3 }));
    await page.getByTestId('dashboard-filter-button').click();

    const value = (key: string) => page.getByTestId(`counter-${key}-value`).innerText();
    await eventually(() => value('supportHappening')).toBe('1');
    await eventually(() => value('supportPending')).toBe('1');
    await eventually(() => value('supportFinished')).toBe('1');
    await eventually(() => value('leads')).toBe('3');
    await eventually(() => value('avgSupportTime')).toBe(t('en', 'dashboard:minutes', { value: 10 }));
    await eventually(() => value('avgWaitTime')).toBe(t('en', 'dashboard:minutes', { value: 10 }));

    const row = page.getByTestId('attendant-row').filter({ hasText: admin.name });
    await row.waitFor();
    await eventually(() => page.getByTestId('chart-users').innerText()).toContain(admin.name);
    const dayBars = page.getByTestId('chart-days').locator('[data-testid="chart-bar"]');
    await eventually(() => dayBars.count()).toBeGreaterThan(0);
    await eventually(() => page.locator('body').innerText()).toContain(
      t('en', 'dashboard:charts.byDate', { total: 3 }),
    );

    const { scrollWidth, innerWidth } = await horizontalOverflow(page);
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  });
});
