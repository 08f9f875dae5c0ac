// Billing (issue 22): a trial company pays its invoice through the sandbox Pix provider in the checkout
// dialog; the renewal message shows, the app returns home and the active-until date has moved one month.
// Also the login's expired message and the warning toast under 5 days (spec 1 section 4).
import { describe, expect, it } from 'vitest';
import { eventually, horizontalOverflow, login, submitLogin, waitForPath, waitForText } from './support/app';
import { appUrl, pathOf, useBrowser } from './support/browser';
import { brDate, createCompanyWithAdmin, isoDay, sql, unique } from './support/db';
import { t } from './support/i18n';

const browser = useBrowser();

/** yyyy-MM-dd plus whole months, clamped to the month's last day (as the server extends a due date). */
function addMonths(iso: string, months: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return target.toISOString().slice(0, 10);
}

/** Signs a company up through the public route, as the sign-up page does: a 3-day trial on Plano 1. */
async function signUpTrialCompany(): Promise<{ email: string; password: string; companyId: number }> {
  const email = `billing-${unique()}@example.test`;
  const password = 'Secret123';
  const [plan] = await sql<{ id: number }>(`select id from plans where name = 'Plano 1'`);
  const answer = await fetch(appUrl('/companies/cadastro'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: `Trial ${unique()}`,
      email,
      phone: '11987654321',
      password,
      planId: plan?.id,
      recurrence: 'MENSAL',
    }),
  });
  expect(answer.status).toBe(200);
  const company = (await answer.json()) as { id: number };
  return { email, password, companyId: company.id };
}

describe('billing', () => {
  it('a trial company pays its invoice through the sandbox, sees the renewal and its date moves one month', async () => {
    const trial = await signUpTrialCompany();
    const dueDate = isoDay(3);
    // The invoice job runs right after sign-up.
    await eventually(
      async () => (await sql(`select id from invoices where company_id = $1`, [trial.companyId])).length,
    ).toBe(1);

    const page = await browser.newPage({ width: 1920, height: 1080 });
    await login(page, trial.email, trial.password);
    // Under 5 days left: the warning toast.
    await waitForText(page, t('en', 'auth:login.expiresSoon_other', { count: 3 }));
    await expect
      .poll(() => page.getByTestId('active-until').innerText())
      .toBe(t('en', 'layout:topbar.activeUntil', { date: brDate(dueDate) }));

    await page.goto(appUrl('/financeiro'));
    const row = page.getByTestId('invoice-row');
    await row.waitFor();
    expect(await row.getAttribute('data-state')).toBe('open');
    expect(await row.getByTestId('invoice-status').innerText()).toBe(t('en', 'invoices:status.open'));
    await row.getByTestId('invoice-pay').click();

    // The checkout starts at the plan step, with the invoice's amount (Plano 1: 30 a month).
    const dialog = page.getByTestId('checkout-dialog');
    expect((await dialog.getByTestId('checkout-amount').innerText()).replace(/\s/g, ' ')).toBe('R$ 30,00');
    await dialog.getByTestId('checkout-next').click();
    await dialog.getByTestId('checkout-review').waitFor();
    await dialog.getByTestId('checkout-pay').click();

    // The Pix step: QR image, the BR Code to copy, and the waiting state.
    await dialog.getByTestId('pix-waiting').waitFor();
    const brCode = await dialog.getByTestId('pix-code').inputValue();
    expect(brCode).toMatch(/^000201/);
    expect(brCode).toMatch(/br\.gov\.bcb\.pix/i);
    expect(brCode).toContain('30.00');
    expect(await dialog.getByTestId('pix-qrcode').getAttribute('src')).toMatch(/^data:image\/png;base64,/);

    await dialog.getByTestId('pix-sandbox-pay').click();
    const newDueDate = addMonths(dueDate, 1);
    await waitForText(page, t('en', 'invoices:checkout.pix.renewed', { date: brDate(newDueDate) }));
    expect(pathOf(page)).toBe('/financeiro');
    // Home after 4 s, with the active-until date one month later.
    await waitForPath(page, '/', 10_000);
    await expect
      .poll(() => page.getByTestId('active-until').innerText())
      .toBe(t('en', 'layout:topbar.activeUntil', { date: brDate(newDueDate) }));
    const [stored] = await sql<{ due_date: string; status: string }>(
      `select to_char(c.due_date, 'YYYY-MM-DD') as due_date, i.status
         from companies c join invoices i on i.company_id = c.id where c.id = $1`,
      [trial.companyId],
    );
    expect(stored).toEqual({ due_date: newDueDate, status: 'paid' });

    // The list shows the invoice paid after a reload.
    await page.goto(appUrl('/financeiro'));
    await eventually(async () => page.getByTestId('invoice-row').getAttribute('data-state')).toBe('paid');
  });

  it('shows the trial time left and the billing e-mail on /subscription, whose sign-now opens the checkout', async () => {
    const trial = await signUpTrialCompany();
    await eventually(
      async () => (await sql(`select id from invoices where company_id = $1`, [trial.companyId])).length,
    ).toBe(1);
    const page = await browser.newPage({ width: 360, height: 740 });
    await login(page, trial.email, trial.password);
    await page.goto(appUrl('/subscription'));
    await eventually(() => page.getByTestId('subscription-email').inputValue()).toBe(trial.email);
    expect(await page.getByTestId('subscription-trial').inputValue()).toBe(
      t('en', 'invoices:subscription.trialLeft_other', { count: 3 }),
    );
    await page.getByTestId('subscription-sign-now').click();
    const dialog = page.getByTestId('checkout-dialog');
    expect((await dialog.getByTestId('checkout-amount').innerText()).replace(/\s/g, ' ')).toBe('R$ 30,00');
    // One step back is the data step, whose fields are required before going on.
    await dialog.getByTestId('checkout-back').click();
    await dialog.getByTestId('checkout-next').click();
    await waitForText(page, t('en', 'validation:required'));
    const { scrollWidth, innerWidth } = await horizontalOverflow(page);
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  });

  it("shows an expired company's login the date it expired on, and its invoices fit a 360 px screen", async () => {
    const expiredOn = isoDay(-2);
    const { admin } = await createCompanyWithAdmin({ dueDate: expiredOn });
    const page = await browser.newPage({ width: 360, height: 740 });
    await submitLogin(page, admin.email, admin.password);
    await page.getByTestId('subscription-expired').waitFor();
    expect(await page.getByTestId('subscription-expired').innerText()).toBe(
      t('en', 'auth:login.expired', { date: brDate(expiredOn) }),
    );
    expect(pathOf(page)).toBe('/login');

    const active = await createCompanyWithAdmin();
    await sql(`insert into invoices (company_id, detail, value, due_date) values ($1, 'Plano 1', 30, $2)`, [
      active.company.id,
      isoDay(-1),
    ]);
    await login(page, active.admin.email, active.admin.password);
    await page.goto(appUrl('/financeiro'));
    const row = page.getByTestId('invoice-row');
    await row.waitFor();
    expect(await row.getAttribute('data-state')).toBe('expired');
    await row.getByTestId('invoice-pay').waitFor();
    const { scrollWidth, innerWidth } = await horizontalOverflow(page);
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  });
});
