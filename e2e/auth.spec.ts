// Sign-up, sign-in and session handling (spec 1 sections 2, 4 and 8; server-behaviour 2.1-2.3).
import jwt from 'jsonwebtoken';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  chooseOption,
  login,
  recordRequests,
  socketConnected,
  submitLogin,
  waitForPath,
  waitForText,
} from './support/app';
import { appUrl, pathOf, useBrowser } from './support/browser';
import {
  brDate,
  createCompanyWithAdmin,
  isoDay,
  latestMailTo,
  sql,
  tokenVersionOf,
  unique,
} from './support/db';
import { t } from './support/i18n';

const browser = useBrowser();

const storedToken = (page: Page) => page.evaluate(() => window.localStorage.getItem('token'));

describe('sign-up and sign-in', () => {
  it('signs up a new company through /signup, then its login lands on /tickets', async () => {
    const page = await browser.newPage();
    const name = `Signup ${unique()}`;
    const email = `signup-${unique()}@example.test`;
    await page.goto(appUrl('/signup'));
    await page.locator('input[name="name"]').fill(name);
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="phone"]').fill('11987654321');
    await page.locator('input[name="password"]').fill('Secret123');
    await chooseOption(page, 'planId', /^Plano 1\b/);
    await page.locator('form button[type="submit"]').click();
    await waitForText(page, t('en', 'auth:signup.success'));

    // The trial: due in 3 days, monthly, with its admin user named like the company.
    const [company] = await sql(
      `select c.id, to_char(c.due_date, 'YYYY-MM-DD') as due_date, c.recurrence, u.profile, u.name as user_name
         from companies c join users u on u.company_id = c.id where lower(u.email) = lower($1)`,
      [email],
    );
    expect(company).toMatchObject({
      due_date: isoDay(3),
      recurrence: 'MENSAL',
      profile: 'admin',
      user_name: name,
    });

    await login(page, email, 'Secret123');
    // "After login the user goes to /tickets" (spec 1 section 2), and stays there.
    await page.waitForTimeout(1000);
    expect(pathOf(page)).toBe('/tickets');
    await expect.poll(() => page.getByTestId('greeting').innerText()).toContain(name);
  });

  it('shows the translated wrong-login error and stays on /login', async () => {
    const { admin } = await createCompanyWithAdmin();
    const page = await browser.newPage();
    await submitLogin(page, admin.email, 'not-the-password');
    await waitForText(page, t('en', 'errors:ERR_INVALID_CREDENTIALS'));
    expect(pathOf(page)).toBe('/login');
    expect(await storedToken(page)).toBeNull();
    expect(await page.locator('body').innerText()).not.toContain('ERR_INVALID_CREDENTIALS');
  });

  it('refuses a company whose subscription expired, showing the date as DD/MM/yyyy', async () => {
    const dueDate = isoDay(-10);
    const { admin } = await createCompanyWithAdmin({ dueDate });
    const page = await browser.newPage();
    await submitLogin(page, admin.email, admin.password);
    await waitForText(page, t('en', 'auth:login.expired', { date: brDate(dueDate) }));
    await page.waitForTimeout(1500);
    expect(pathOf(page)).toBe('/login');
    expect(await storedToken(page)).toBeNull();
  });
});

describe('session', () => {
  it('refreshes once on a 403 for an expired access token and stays signed in', async () => {
    const { company, admin } = await createCompanyWithAdmin();
    const page = await browser.newPage();
    await login(page, admin.email, admin.password);

    const expired = expiredToken({
      id: admin.id,
      companyId: company.id,
      profile: admin.profile,
      tokenVersion: await tokenVersionOf(admin.id),
    });
    await page.evaluate((token) => window.localStorage.setItem('token', token), expired);

    const before = pathOf(page);
    const requests = recordRequests(page);
    const forbidden: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 403) forbidden.push(new URL(response.url()).pathname);
    });
    await page.reload();
    await page.getByTestId('app-drawer').waitFor({ state: 'attached' });
    await page.getByTestId('greeting').waitFor();
    await page.waitForTimeout(2000);

    const refreshes = requests.filter((r) => r.method === 'POST' && r.path === '/auth/refresh_token');
    expect(refreshes).toHaveLength(1);
    expect(pathOf(page)).toBe(before);
    const token = await storedToken(page);
    expect(token).toBeTruthy();
    expect(token).not.toBe(expired);
    // Whatever answered 403 with the old token was asked again after the refresh.
    for (const path of forbidden) {
      expect(requests.filter((r) => r.path === path).length, `${path} retried`).toBeGreaterThan(1);
    }
  });

  it('retries a call answered 403 after exactly one refresh, without a reload', async () => {
    const { company, admin } = await createCompanyWithAdmin();
    const page = await browser.newPage();
    await login(page, admin.email, admin.password);
    const expired = expiredToken({
      id: admin.id,
      companyId: company.id,
      profile: admin.profile,
      tokenVersion: await tokenVersionOf(admin.id),
    });
    await page.evaluate((token) => window.localStorage.setItem('token', token), expired);
    const before = pathOf(page);

    const calls: { method: string; path: string; status: number }[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin === new URL(appUrl('/')).origin) {
        calls.push({ method: response.request().method(), path: url.pathname, status: response.status() });
      }
    });
    // Choosing a language saves it on the user: an authenticated call made without a reload.
    await page.getByTestId('language-menu-button').click();
    await page.getByTestId('language-option-es').click();
    await expect
      .poll(() =>
        calls
          .filter((c) => c.path === '/users/set-language/es')
          .map((c) => c.status)
          .at(-1),
      )
      .toBe(200);
    expect(calls.filter((c) => c.path === '/auth/refresh_token')).toEqual([
      { method: 'POST', path: '/auth/refresh_token', status: 200 },
    ]);
    // The expired token was refused (by the language call or a background call made first), and every
    // refused call was asked again after the one refresh and answered.
    const refused = calls.filter((c) => c.status === 403);
    expect(refused.length).toBeGreaterThan(0);
    for (const call of refused) {
      const retried = calls
        .slice(calls.indexOf(call) + 1)
        .some((c) => c.path === call.path && c.status === 200);
      expect(retried, `${call.path} retried`).toBe(true);
    }
    const [row] = await sql('select language from users where id = $1', [admin.id]);
    expect(row?.language).toBe('es');
    expect(pathOf(page)).toBe(before);
    expect(await storedToken(page)).not.toBe(expired);
  });

  it('a second login of the same user elsewhere logs the first browser out', async () => {
    const { admin } = await createCompanyWithAdmin();
    const first = await browser.newPage();
    const live = socketConnected(first);
    await login(first, admin.email, admin.password);
    // The first browser hears about the second login over its live socket.
    await live;

    // The message shows for about a second before the reload: watch for it from before the second login.
    const told = first
      .getByText('Sua conta foi acessada em outro computador.')
      .first()
      .waitFor({ state: 'visible', timeout: 30_000 });
    const second = await browser.newPage();
    await login(second, admin.email, admin.password);
    const secondPath = pathOf(second);

    await told;
    await waitForPath(first, '/login', 10_000);
    expect(await storedToken(first)).toBeNull();
    await second.waitForTimeout(1500);
    expect(pathOf(second)).toBe(secondPath);
    expect(await storedToken(second)).toBeTruthy();
  });
});

describe('password reset', () => {
  it('resets the password with the code from the e-mail, then signs in with it', async () => {
    const { admin } = await createCompanyWithAdmin();
    const page = await browser.newPage();
    await page.goto(appUrl('/forgetpsw'));
    await page.locator('input[name="email"]').fill(admin.email);
    const requestedAt = new Date(Date.now() - 1000);
    await page.locator('form button[type="submit"]').click();
    await page.locator('input[name="token"]').waitFor();

    let mail: Awaited<ReturnType<typeof latestMailTo>>;
    await expect
      .poll(async () => {
        mail = await latestMailTo(admin.email);
        return mail !== undefined && mail.created_at >= requestedAt;
      })
      .toBe(true);
    const code = resetCode(mail!.text_body);

    const newPassword = 'NewPass123';
    await page.locator('input[name="token"]').fill(code);
    await page.locator('input[name="newPassword"]').fill(newPassword);
    await page.locator('input[name="confirmPassword"]').fill(newPassword);
    await page.locator('form button[type="submit"]').click();
    await waitForPath(page, '/login');

    await login(page, admin.email, newPassword);
    const oldLogin = await fetch(appUrl('/auth/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: admin.email, password: admin.password }),
    });
    expect(oldLogin.status).toBe(401);
  });
});

/** A validly signed access token that expired half an hour ago. */
function expiredToken(claims: { id: number; companyId: number; profile: string; tokenVersion: number }) {
  const now = Math.floor(Date.now() / 1000);
  return jwt.sign({ ...claims, iat: now - 3600, exp: now - 1800 }, inject('jwtSecret'), {
    algorithm: 'HS256',
  });
}

/** The reset code stands alone on its own line of the mail. */
function resetCode(body: string): string {
  const lines = body.split('\n').map((line) => line.trim());
  const code = lines.find((line) => /^[A-Za-z0-9]{6,}$/.test(line));
  if (!code) throw new Error(`no reset code in the mail:\n${body}`);
  return code;
}
