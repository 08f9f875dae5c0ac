// Administration pages: users (spec 1 sections 2, 5, 6), settings with the super user's companies, plans
// and helps tabs (spec 1 sections 2, 9; server-behaviour 14), and the help videos page (spec 2 section 2).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chooseOption, horizontalOverflow, isShown, login, saveScreen, waitForText } from './support/app';
import { appUrl, useBrowser } from './support/browser';
import { createCompany, createCompanyWithAdmin, createUser, isoDay, sql, unique } from './support/db';
import { t } from './support/i18n';

const browser = useBrowser();

const DEMO = { email: 'admin@admin.com', password: '123456' };

/** expect.poll with room for a busy machine. */
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

async function openSettingsTab(page: Page, tab: 'options' | 'schedules' | 'companies' | 'plans' | 'helps') {
  await page.goto(appUrl(tab === 'options' ? '/settings' : `/settings?tab=${tab}`));
  await page.getByTestId(`settings-tab-${tab}`).waitFor();
}

describe('users page', () => {
  it('lets the demo super admin add, find, edit and delete a user through the modal', async () => {
    const page = await browser.newPage();
    await login(page, DEMO.email, DEMO.password);
    await page.goto(appUrl('/users'));
    await page.getByTestId('add-user-button').click();

    const name = `Agent ${unique()}`;
    const email = `agent-${unique()}@example.test`;
    const dialog = page.getByTestId('user-dialog');
    await dialog.locator('input[name="name"]').fill(name);
    await dialog.locator('input[name="email"]').fill(email);
    // The password is required for a new user: the spec's text shows and nothing is sent.
    await dialog.locator('button[type="submit"]').click();
    await eventually(() => dialog.innerText()).toContain(t('en', 'validation:required'));
    await dialog.locator('input[name="password"]').fill('abc');
    await dialog.locator('button[type="submit"]').click();
    await eventually(() => dialog.innerText()).toContain(t('en', 'validation:tooShort'));
    await dialog.locator('input[name="password"]').fill('Secret123');
    await chooseOption(page, 'allTicket', t('en', 'users:allTicket.enabled'));
    await chooseOption(page, 'timeZone', 'America/Sao_Paulo');
    await dialog.locator('button[type="submit"]').click();
    await waitForText(page, t('en', 'users:toasts.saved'));

    const row = page.getByTestId('user-row').filter({ hasText: email });
    await row.waitFor();
    const [created] = await sql(
      'select id, name, profile, all_ticket, time_zone from users where lower(email) = lower($1)',
      [email],
    );
    expect(created).toMatchObject({
      name,
      profile: 'user',
      all_ticket: 'enabled',
      time_zone: 'America/Sao_Paulo',
    });

    // Searching starts at 3 characters; the list then holds only the matches.
    const search = page.locator('input[name="searchParam"]');
    await search.fill(email.slice(0, 2));
    await page.waitForTimeout(800);
    expect(await page.getByTestId('user-row').filter({ hasText: DEMO.email }).count()).toBe(1);
    await search.fill(email.split('@')[0]!);
    await eventually(() => page.getByTestId('user-row').count()).toBe(1);
    await row.waitFor();

    // Edit: the form opens with the saved values; a blank password keeps the old one.
    await row.getByRole('button', { name: t('en', 'users:actions.edit') }).click();
    await eventually(() => dialog.locator('input[name="name"]').inputValue()).toBe(name);
    expect(await dialog.locator('select[name="allTicket"]').inputValue()).toBe('enabled');
    const renamed = `${name} edited`;
    await dialog.locator('input[name="name"]').fill(renamed);
    await chooseOption(page, 'profile', t('en', 'users:profiles.supervisor'));
    await dialog.locator('button[type="submit"]').click();
    await waitForText(page, t('en', 'users:toasts.saved'));
    await page.getByTestId('user-row').filter({ hasText: renamed }).waitFor();
    await expect
      .poll(async () => (await sql('select name, profile from users where id = $1', [created!.id]))[0])
      .toEqual({ name: renamed, profile: 'supervisor' });
    const relogin = await fetch(appUrl('/auth/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'Secret123' }),
    });
    expect(relogin.status).toBe(200);

    // Delete asks first, then tells.
    await page
      .getByTestId('user-row')
      .filter({ hasText: renamed })
      .getByRole('button', { name: t('en', 'users:actions.delete') })
      .click();
    await page.getByTestId('confirm-button').click();
    await waitForText(page, t('en', 'users:toasts.deleted'));
    await eventually(() => page.getByTestId('user-row').filter({ hasText: renamed }).count()).toBe(0);
    expect(await sql('select id from users where id = $1', [created!.id])).toEqual([]);
  });

  it('shows a user created elsewhere without a reload, and translates a used e-mail', async () => {
    const { company, admin } = await createCompanyWithAdmin();
    const page = await browser.newPage();
    await login(page, admin.email, admin.password);
    await page.goto(appUrl('/users'));
    await page.getByTestId('user-row').filter({ hasText: admin.email }).waitFor();

    // Another admin of the company adds a user through the API: the live event puts it in the list.
    const other = await createUser({ companyId: company.id, profile: 'admin' });
    const token = await tokenOf(other.email, other.password);
    const email = `live-${unique()}@example.test`;
    const answer = await fetch(appUrl('/users'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: 'Live User', email, password: 'Secret123' }),
    });
    expect(answer.status).toBe(200);
    await page.getByTestId('user-row').filter({ hasText: email }).waitFor();

    await page.getByTestId('add-user-button').click();
    const dialog = page.getByTestId('user-dialog');
    await dialog.locator('input[name="name"]').fill('Same Mail');
    await dialog.locator('input[name="email"]').fill(email);
    await dialog.locator('input[name="password"]').fill('Secret123');
    await dialog.locator('button[type="submit"]').click();
    await waitForText(page, t('en', 'errors:ERR_EMAIL_ALREADY_EXISTS'));
    expect(await sql('select count(*)::int as n from users where company_id = $1', [company.id])).toEqual([
      { n: 3 },
    ]);
  });
});

describe('settings options', () => {
  it('saves an option on change and keeps it after a reload; company hours appear in company mode', async () => {
    const { company, admin } = await createCompanyWithAdmin();
    const page = await browser.newPage();
    await login(page, admin.email, admin.password);
    await openSettingsTab(page, 'options');
    expect(await isShown(page.getByTestId('settings-tab-companies'))).toBe(false);
    expect(await isShown(page.getByTestId('settings-tab-schedules'))).toBe(false);

    await eventually(() => page.locator('select[name="userRating"]').inputValue()).toBe('disabled');
    await page.locator('select[name="userRating"]').selectOption('enabled');
    await waitForText(page, t('en', 'settings:toasts.saved'));
    await eventually(() => settingOf(company.id, 'userRating')).toBe('enabled');

    await page.reload();
    await eventually(() => page.locator('select[name="userRating"]').inputValue()).toBe('enabled');

    // The payment token is saved when the field is left.
    await page.locator('input[name="asaas"]').fill('tok-123');
    expect(await settingOf(company.id, 'asaas')).toBeUndefined();
    await page.locator('select[name="call"]').focus();
    await eventually(() => settingOf(company.id, 'asaas')).toBe('tok-123');

    // Company business hours: a Schedules tab with the seven weekdays, ##:## checked.
    await page.locator('select[name="scheduleType"]').selectOption('company');
    await page.getByTestId('settings-tab-schedules').click();
    await eventually(() => page.getByTestId('schedule-row').count()).toBe(7);
    const monday = page.getByTestId('schedule-row').nth(1);
    await monday.locator('input').nth(0).fill('0800');
    expect(await monday.locator('input').nth(0).inputValue()).toBe('08:00');
    await monday.locator('input').nth(1).fill('25:00');
    await page.locator('form button[type="submit"]').click();
    await eventually(() => monday.innerText()).toContain(t('en', 'validation:timeFormat'));
    await monday.locator('input').nth(1).fill('1800');
    await page.locator('form button[type="submit"]').click();
    await waitForText(page, t('en', 'settings:schedules.saved'));
    const [row] = await sql('select schedules from companies where id = $1', [company.id]);
    expect(row!.schedules).toContainEqual({
      weekday: 'Segunda-feira',
      weekdayEn: 'monday',
      startTime: '08:00',
      endTime: '18:00',
    });
  });
});

describe('super user tabs', () => {
  it('creates a plan with features off and a company on it whose admin then sees only that plan', async () => {
    const page = await browser.newPage();
    await login(page, DEMO.email, DEMO.password);

    // Plan: limits, value and two switches off.
    await openSettingsTab(page, 'plans');
    await page.getByTestId('add-plan-button').click();
    const planName = `Plan ${unique()}`;
    const planDialog = page.getByTestId('plan-dialog');
    await planDialog.locator('input[name="name"]').fill(planName);
    await planDialog.locator('input[name="users"]').fill('3');
    await planDialog.locator('input[name="connections"]').fill('2');
    await planDialog.locator('input[name="queues"]').fill('4');
    await planDialog.locator('input[name="value"]').fill('99.9');
    await planDialog.locator('input[name="useKanban"]').setChecked(false);
    await planDialog.locator('input[name="useCampaigns"]').setChecked(false);
    await planDialog.locator('button[type="submit"]').click();
    await waitForText(page, t('en', 'plans:toasts.success'));
    await page.getByTestId('plan-row').filter({ hasText: planName }).waitFor();
    const [plan] = await sql('select * from plans where name = $1', [planName]);
    expect(Number(plan!.value)).toBe(99.9);
    expect(plan).toMatchObject({
      users: 3,
      connections: 2,
      queues: 4,
      use_kanban: false,
      use_campaigns: false,
      use_open_ai: true,
      use_schedules: true,
    });

    // Company on that plan, campaigns off, with the admin's password and a due date at a month's end.
    await openSettingsTab(page, 'companies');
    await page.getByTestId('add-company-button').click();
    const companyName = `Company ${unique()}`;
    const companyEmail = `owner-${unique()}@example.test`;
    const companyDialog = page.getByTestId('company-dialog');
    await companyDialog.locator('input[name="name"]').fill(companyName);
    await companyDialog.locator('input[name="email"]').fill(companyEmail);
    await companyDialog.locator('input[name="phone"]').fill('11987654321');
    expect(await companyDialog.locator('input[name="phone"]').inputValue()).toBe('(11) 98765-4321');
    await chooseOption(page, 'planId', planName);
    await chooseOption(page, 'campaignsEnabled', t('en', 'companies:campaigns.false'));
    await companyDialog.locator('input[name="dueDate"]').fill('2031-01-31');
    await companyDialog.locator('input[name="password"]').fill('Owner1234');
    await companyDialog.locator('button[type="submit"]').click();
    await waitForText(page, t('en', 'companies:toasts.success'));
    await page.locator('input[name="searchParam"]').fill(companyName);
    const companyRow = page.getByTestId('company-row').filter({ hasText: companyName });
    await companyRow.waitFor();
    await eventually(() => page.getByTestId('company-row').count()).toBe(1);
    expect(await companyRow.innerText()).toContain('31/01/31 00:00');
    const [company] = await sql(
      `select c.id, c.phone, to_char(c.due_date, 'YYYY-MM-DD') as due_date, c.plan_id,
              (select value from settings s where s.company_id = c.id and s.key = 'campaignsEnabled') as campaigns
         from companies c where c.name = $1`,
      [companyName],
    );
    expect(company).toMatchObject({
      phone: '11987654321',
      due_date: '2031-01-31',
      plan_id: plan!.id,
      campaigns: 'false',
    });

    // Expire moves the due date on by the recurrence (monthly): 31 January -> 28 February.
    await companyRow.getByTestId('company-expire-button').click();
    await waitForText(page, '28/02/31 00:00');
    await expect
      .poll(
        async () =>
          (
            await sql(`select to_char(due_date, 'YYYY-MM-DD') as d from companies where id = $1`, [
              company!.id,
            ])
          )[0]?.d,
      )
      .toBe('2031-02-28');

    // The new company's admin signs in with the company e-mail and the password given above.
    const owner = await browser.newPage();
    await login(owner, companyEmail, 'Owner1234');
    await owner.getByTestId('drawer-item-settings').waitFor({ state: 'attached' });
    expect(await owner.getByTestId('drawer-item-kanban').count()).toBe(0);
    expect(await owner.getByTestId('drawer-group-campaigns').count()).toBe(0);
    expect(await owner.getByTestId('drawer-item-prompts').count()).toBe(1);
    await owner.goto(appUrl('/settings'));
    await owner.getByTestId('settings-tab-options').waitFor();
    expect(await owner.getByTestId('settings-tab-plans').count()).toBe(0);

    // The plan is in use now: deleting it is refused with the translated reason.
    await openSettingsTab(page, 'plans');
    await page
      .getByTestId('plan-row')
      .filter({ hasText: planName })
      .getByRole('button', { name: t('en', 'plans:actions.delete') })
      .click();
    await page.getByTestId('confirm-button').click();
    await waitForText(page, t('en', 'errors:ERR_PLAN_IN_USE'));
    expect(await sql('select id from plans where id = $1', [plan!.id])).toHaveLength(1);
  });

  it('colours company rows by the days left to their due date', async () => {
    const tag = unique();
    const cases = [
      { days: 6, colour: 'none' },
      { days: 5, colour: 'yellow' },
      { days: 4, colour: 'orange' },
      { days: -3, colour: 'orange' },
      { days: -4, colour: 'red' },
      { days: -5, colour: 'none' },
    ];
    for (const { days } of cases) {
      await createCompany({ name: `Due ${tag} ${days}`, dueDate: isoDay(days) });
    }
    const page = await browser.newPage();
    await login(page, DEMO.email, DEMO.password);
    await openSettingsTab(page, 'companies');
    await page.locator('input[name="searchParam"]').fill(`Due ${tag}`);
    await eventually(() => page.getByTestId('company-row').count()).toBe(cases.length);
    for (const { days, colour } of cases) {
      const row = page.getByTestId('company-row').filter({ hasText: `Due ${tag} ${days}` });
      expect(await row.getAttribute('data-due-colour'), `${days} days`).toBe(colour);
    }
  });

  it('adds a help video that everyone sees as a card with a clean placeholder and an embedded player', async () => {
    const page = await browser.newPage();
    await login(page, DEMO.email, DEMO.password);
    await openSettingsTab(page, 'helps');
    await page.getByTestId('add-help-button').click();
    const title = `Help ${unique()}`;
    const dialog = page.getByTestId('help-dialog');
    await dialog.locator('input[name="title"]').fill(title);
    await dialog.locator('input[name="video"]').fill('dQw4w9WgXcQ');
    await dialog.locator('textarea[name="description"]').fill('How to answer a ticket');
    await dialog.locator('button[type="submit"]').click();
    await waitForText(page, t('en', 'helps:toasts.success'));
    await page.getByTestId('help-row').filter({ hasText: title }).waitFor();

    const { admin } = await createCompanyWithAdmin();
    const viewer = await browser.newPage();
    await login(viewer, admin.email, admin.password);
    await viewer.goto(appUrl('/helps'));
    const card = viewer.getByTestId('help-card').filter({ hasText: title });
    await card.waitFor();
    expect(await card.innerText()).toContain('How to answer a ticket');
    // No internet here: the thumbnail fails and the card keeps its placeholder, never a broken image.
    const thumbnail = card.getByTestId('help-thumbnail');
    await eventually(() => thumbnail.getAttribute('data-state')).toBe('placeholder');
    expect(await card.locator('img').count()).toBe(0);

    await card.click();
    const player = viewer.getByTestId('help-video-dialog');
    await player.waitFor();
    expect(await player.locator('iframe').getAttribute('src')).toContain('youtube.com/embed/dQw4w9WgXcQ');
    await viewer.keyboard.press('Escape');
    await player.waitFor({ state: 'detached' });

    // Clean up: helps are global.
    await page
      .getByTestId('help-row')
      .filter({ hasText: title })
      .getByRole('button', { name: t('en', 'helps:actions.delete') })
      .click();
    await page.getByTestId('confirm-button').click();
    await waitForText(page, t('en', 'helps:toasts.success'));
    expect(await sql('select id from helps where title = $1', [title])).toEqual([]);
  });
});

describe.each([
  { width: 360, height: 740 },
  { width: 1920, height: 1080 },
])('administration screens at $width px', ({ width, height }) => {
  it(`lays out users, every settings tab and helps without horizontal overflow at ${width} px`, async () => {
    const page = await browser.newPage({ width, height });
    await login(page, DEMO.email, DEMO.password);
    const screens: [string, string, string][] = [
      ['/users', 'users', 'user-row'],
      ['/settings', 'settings-options', 'settings-tab-options'],
      ['/settings?tab=companies', 'settings-companies', 'company-row'],
      ['/settings?tab=plans', 'settings-plans', 'plan-row'],
      ['/settings?tab=helps', 'settings-helps', 'settings-tab-helps'],
      ['/helps', 'helps', 'coming-soon-absent'],
    ];
    for (const [path, name, ready] of screens) {
      await page.goto(appUrl(path));
      if (ready === 'coming-soon-absent') await page.locator('main h1').waitFor();
      else await page.getByTestId(ready).first().waitFor();
      await page.waitForTimeout(300);
      await saveScreen(page, `admin-${name}-${width}`);
      const { scrollWidth, innerWidth } = await horizontalOverflow(page);
      expect(scrollWidth, `${path} at ${width} px`).toBeLessThanOrEqual(innerWidth);
    }
    await page.goto(appUrl('/users'));
    await page.getByTestId('add-user-button').click();
    await page.getByTestId('user-dialog').locator('input[name="name"]').waitFor();
    await saveScreen(page, `admin-user-dialog-${width}`);
    expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(width);
  });
});

async function tokenOf(email: string, password: string): Promise<string> {
  const answer = await fetch(appUrl('/auth/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await answer.json()) as { token: string };
  return body.token;
}

async function settingOf(companyId: number, key: string): Promise<string | undefined> {
  const [row] = await sql<{ value: string }>(
    'select value from settings where company_id = $1 and key = $2',
    [companyId, key],
  );
  return row?.value;
}
