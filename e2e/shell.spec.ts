// The application shell: drawer by role, language and theme preferences, the local task list
// (spec 1 sections 2-4 and 9, spec 2 theme and language).
import { describe, expect, it } from 'vitest';
import { htmlState, isShown, login, waitForText } from './support/app';
import { appUrl, useBrowser } from './support/browser';
import { createCompanyWithAdmin, createUser } from './support/db';
import { t } from './support/i18n';

const browser = useBrowser();

describe('drawer', () => {
  it('shows the administration items to an admin and hides them from a profile user', async () => {
    const { company, admin } = await createCompanyWithAdmin();
    const user = await createUser({ companyId: company.id, profile: 'user' });

    const adminPage = await browser.newPage();
    await login(adminPage, admin.email, admin.password);
    const drawer = adminPage.getByTestId('app-drawer');
    await drawer.getByTestId('drawer-item-tickets').waitFor();
    await drawer.getByTestId('drawer-item-users').waitFor();
    await drawer.getByTestId('drawer-item-settings').waitFor();

    const userPage = await browser.newPage();
    await login(userPage, user.email, user.password);
    const userDrawer = userPage.getByTestId('app-drawer');
    await userDrawer.getByTestId('drawer-item-tickets').waitFor();
    await userDrawer.getByTestId('drawer-item-todolist').waitFor();
    expect(await userPage.getByTestId('drawer-item-users').count()).toBe(0);
    expect(await userPage.getByTestId('drawer-item-settings').count()).toBe(0);
  });
});

describe('preferences', () => {
  it('starts in English whatever the browser locale, switches language and keeps it after a reload', async () => {
    const { admin } = await createCompanyWithAdmin();
    const page = await browser.newPage({ locale: 'pt-BR' });
    await page.goto(appUrl('/login'));
    expect((await htmlState(page)).lang).toBe('en');
    await waitForText(page, t('en', 'auth:login.forgotLink'));

    await login(page, admin.email, admin.password);
    const item = page.getByTestId('drawer-item-todolist');
    await expect.poll(() => item.innerText()).toContain(t('en', 'layout:menu.todolist'));

    await page.getByTestId('language-menu-button').click();
    await page.getByTestId('language-option-pt').click();
    await expect.poll(async () => (await htmlState(page)).lang).toBe('pt');
    await expect.poll(() => item.innerText()).toContain(t('pt', 'layout:menu.todolist'));
    await expect
      .poll(() => page.getByTestId('drawer-item-tickets').innerText())
      .toContain(t('pt', 'layout:menu.tickets'));

    await page.reload();
    await page.getByTestId('drawer-item-todolist').waitFor();
    expect((await htmlState(page)).lang).toBe('pt');
    await expect
      .poll(() => page.getByTestId('drawer-item-todolist').innerText())
      .toContain(t('pt', 'layout:menu.todolist'));

    await page.getByTestId('language-menu-button').click();
    await page.getByTestId('language-option-es').click();
    await expect.poll(async () => (await htmlState(page)).lang).toBe('es');
    await expect
      .poll(() => page.getByTestId('drawer-item-todolist').innerText())
      .toContain(t('es', 'layout:menu.todolist'));
  });

  it('follows the system colour scheme until toggled, and keeps the toggled theme after a reload', async () => {
    const { admin } = await createCompanyWithAdmin();
    const page = await browser.newPage({ colorScheme: 'dark' });
    await login(page, admin.email, admin.password);
    expect((await htmlState(page)).theme).toBe('dark');

    await page.getByTestId('theme-toggle').click();
    await expect.poll(async () => (await htmlState(page)).theme).toBe('light');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);

    await page.reload();
    await page.getByTestId('theme-toggle').waitFor();
    expect((await htmlState(page)).theme).toBe('light');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(background);

    await page.getByTestId('theme-toggle').click();
    await expect.poll(async () => (await htmlState(page)).theme).toBe('dark');
    await page.reload();
    await page.getByTestId('theme-toggle').waitFor();
    expect((await htmlState(page)).theme).toBe('dark');
  });
});

describe('volume', () => {
  it('moves the notification volume in steps of 0.1 and keeps it after a reload', async () => {
    const { admin } = await createCompanyWithAdmin();
    const page = await browser.newPage();
    await login(page, admin.email, admin.password);
    const slider = page.getByTestId('volume-slider').locator('input[type="range"]');
    expect(await slider.inputValue()).toBe('1');
    await slider.focus();
    for (let i = 0; i < 3; i++) await slider.press('ArrowLeft');
    await expect
      .poll(async () => Number(await page.evaluate(() => window.localStorage.getItem('volume'))))
      .toBeCloseTo(0.7, 5);

    await page.reload();
    await page.getByTestId('volume-slider').waitFor();
    expect(await page.getByTestId('volume-slider').locator('input[type="range"]').inputValue()).toBe('0.7');
  });
});

describe('route guards and logout', () => {
  it('sends visitors to /login, signed-in users away from /login, and logs out from the user menu', async () => {
    const { admin } = await createCompanyWithAdmin();
    const page = await browser.newPage();
    await page.goto(appUrl('/todolist'));
    await page.waitForURL((url) => url.pathname === '/login');

    await login(page, admin.email, admin.password);
    await page.goto(appUrl('/login'));
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('app-drawer').waitFor({ state: 'attached' });

    await page.getByTestId('user-menu-button').click();
    await page.getByTestId('logout-button').click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    await page.goto(appUrl('/tickets'));
    await page.waitForURL((url) => url.pathname === '/login');
  });
});

describe('task list', () => {
  it('adds tasks kept in the browser, ignoring empty ones', async () => {
    const { admin } = await createCompanyWithAdmin();
    const page = await browser.newPage();
    await login(page, admin.email, admin.password);
    await page.getByTestId('drawer-item-todolist').click();
    await page.waitForURL((url) => url.pathname === '/todolist');

    // todo-input may mark the text field or its wrapper.
    const marked = page.getByTestId('todo-input');
    const input =
      (await marked.locator('input, textarea').count()) > 0
        ? marked.locator('input, textarea').first()
        : marked;
    const add = page.getByRole('button', { name: t('en', 'todolist:add'), exact: true });
    await input.fill('   ');
    await add.click();
    await input.fill('Call the supplier');
    await add.click();
    await page.getByTestId('todo-item').first().waitFor();
    expect(await page.getByTestId('todo-item').count()).toBe(1);
    expect(await page.getByTestId('todo-item').first().innerText()).toContain('Call the supplier');

    await page.reload();
    await page.getByTestId('todo-item').first().waitFor();
    expect(await page.getByTestId('todo-item').count()).toBe(1);
    expect(await isShown(page.getByText('Call the supplier'))).toBe(true);
  });
});
