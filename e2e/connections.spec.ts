// The connections page and the simulator page (spec 1 sections 2-4, 6 and 7; server-behaviour 12): a
// simulator connection made through the form, its QR code scanned by the built-in phone, a customer played
// from /simulator, session buttons per status, edit and delete, and what a profile user may not do.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  horizontalOverflow,
  login,
  recordRequests,
  saveScreen,
  waitForPath,
  waitForText,
} from './support/app';
import { api, apiToken, pageToken } from './support/api';
import { appUrl, useBrowser } from './support/browser';
import { customerNumber } from './support/simulator';
import { createCompanyWithAdmin, createUser, sql, unique } from './support/db';
import { t } from './support/i18n';

const browser = useBrowser();

const row = (page: Page, name: string): Locator =>
  page.locator(`[data-testid="connection-row"][data-name="${name}"]`);

const statusOf = (locator: Locator) => locator.getAttribute('data-status');

/** Opens the connection's QR code, lets the simulator scan it and waits until the row shows it connected. */
async function scanWithSimulator(page: Page, name: string): Promise<void> {
  const connection = row(page, name);
  await connection.getByTestId('session-qrcode').click({ timeout: 30_000 });
  const dialog = page.getByTestId('qrcode-dialog');
  await dialog.getByTestId('qrcode-image').waitFor();
  await dialog.getByTestId('simulator-scan').click();
  // The pushed QR becomes empty once connected: the modal closes by itself.
  await dialog.waitFor({ state: 'detached', timeout: 20_000 });
  await expect.poll(() => statusOf(connection), { timeout: 20_000 }).toBe('CONNECTED');
}

describe('connections and the simulator', () => {
  it('creates a simulator connection, scans it with the simulator and plays a customer on /simulator', async () => {
    const page = await browser.newPage({ width: 1920, height: 1080 });
    await login(page, 'admin@admin.com', '123456');
    await page.getByTestId('drawer-item-connections').click();
    await waitForPath(page, '/connections');

    const name = `Simulated ${unique()}`;
    await page.getByTestId('connection-add').click();
    await page.locator('input[name="name"]').fill(name);
    await page.locator('select[name="provider"]').selectOption('simulator');
    await page.locator('[data-testid="connection-form"] button[type="submit"]').click();
    await waitForText(page, t('en', 'connections:toasts.saved'));

    await row(page, name).waitFor();
    const [stored] = await sql<{ id: number; provider: string; company_id: number }>(
      'select id, provider, company_id from whatsapps where name = $1',
      [name],
    );
    expect(stored).toMatchObject({ provider: 'simulator', company_id: 1 });

    await scanWithSimulator(page, name);
    await expect.poll(() => row(page, name).innerText()).toContain(t('en', 'connections:status.CONNECTED'));
    const [connected] = await sql<{ status: string }>('select status from whatsapps where id = $1', [
      stored!.id,
    ]);
    expect(connected?.status).toBe('CONNECTED');

    // The simulator's menu entry shows because the server runs it.
    await page.getByTestId('drawer-item-simulator').click();
    await waitForPath(page, '/simulator');
    const number = customerNumber();
    await page.locator('select[name="whatsappId"]').selectOption(String(stored!.id));
    await page.locator('input[name="from"]').fill(number);
    await page.locator('input[name="name"]').fill('Maria Cliente');
    await page.getByTestId('simulator-open').click();
    await page.locator('textarea[name="body"]').fill('Olá, preciso de ajuda');
    await page.getByTestId('simulator-send').click();
    await page.locator('[data-testid="customer-message"][data-state="accepted"]').waitFor();

    // The customer's message reached a ticket of that connection.
    let ticketId = 0;
    await expect
      .poll(async () => {
        const [found] = await sql<{ ticket_id: number; body: string }>(
          `select m.ticket_id, m.body from messages m join tickets t on t.id = m.ticket_id
             join contacts c on c.id = t.contact_id
            where t.whatsapp_id = $1 and c.number = $2 and not m.from_me`,
          [stored!.id, number],
        );
        ticketId = found?.ticket_id ?? 0;
        return found?.body;
      })
      .toBe('Olá, preciso de ajuda');

    // An attendant answers: the simulated phone receives it, and its marks go on to read by themselves.
    const reply = `Olá! Como posso ajudar? ${unique()}`;
    await api(await pageToken(page), 'POST', `/messages/${ticketId}`, { body: reply });
    const answered = page.locator('[data-testid="outbox-message"]', { hasText: reply });
    await answered.waitFor({ timeout: 20_000 });
    await answered.locator('[data-testid="ack"][data-ack="read"]').waitFor({ timeout: 20_000 });

    await page.getByTestId('drawer-item-connections').click();
    await row(page, name).getByTestId('connection-delete').click();
    await page.getByTestId('confirm-button').click();
    await row(page, name).waitFor({ state: 'detached' });
  });

  it('offers the session buttons of each status, edits and deletes a connection', async () => {
    const { admin } = await createCompanyWithAdmin();
    const name = `Sessions ${unique()}`;
    await api(await apiToken(admin.email, admin.password), 'POST', '/whatsapp', {
      name,
      provider: 'simulator',
    });
    const page = await browser.newPage({ width: 1280, height: 800 });
    await login(page, admin.email, admin.password);
    await page.goto(appUrl('/connections'));
    const connection = row(page, name);
    await connection.waitFor();
    await expect.poll(() => statusOf(connection), { timeout: 30_000 }).toBe('qrcode');
    await connection.getByTestId('connection-default').waitFor();

    await scanWithSimulator(page, name);
    expect(await connection.getByTestId('session-disconnect').isVisible()).toBe(true);

    await connection.getByTestId('session-disconnect').click();
    await page.getByTestId('confirm-button').click();
    await expect.poll(() => statusOf(connection), { timeout: 20_000 }).toBe('DISCONNECTED');
    await connection.getByTestId('session-tryAgain').waitFor();
    await connection.getByTestId('session-newQr').click();
    // A new QR code: the row goes back to offering it, with no reload.
    await connection.getByTestId('session-qrcode').waitFor({ timeout: 30_000 });

    const renamed = `${name} edited`;
    await connection.getByTestId('connection-edit').click();
    const nameInput = page.locator('input[name="name"]');
    await expect.poll(() => nameInput.inputValue()).toBe(name);
    await nameInput.fill('x');
    await page.locator('[data-testid="connection-form"] button[type="submit"]').click();
    await waitForText(page, t('en', 'validation:tooShort'));
    await nameInput.fill(renamed);
    await page.locator('[data-testid="connection-form"] button[type="submit"]').click();
    await row(page, renamed).waitFor();

    await row(page, renamed).getByTestId('connection-delete').click();
    await waitForText(page, t('en', 'connections:confirm.deleteTitle', { name: renamed }));
    await page.getByTestId('confirm-button').click();
    await waitForText(page, t('en', 'connections:toasts.deleted'));
    await row(page, renamed).waitFor({ state: 'detached' });
    expect(await sql('select id from whatsapps where name = $1', [renamed])).toEqual([]);
  });

  it('shows a profile user the connections without add, session, edit or delete buttons', async () => {
    const { company, admin } = await createCompanyWithAdmin();
    const user = await createUser({ companyId: company.id, profile: 'user' });
    const name = `Read only ${unique()}`;
    await api(await apiToken(admin.email, admin.password), 'POST', '/whatsapp', {
      name,
      provider: 'simulator',
    });

    const page = await browser.newPage();
    const requests = recordRequests(page);
    const forbidden: string[] = [];
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (response.status() === 403 && /^\/(whatsapp|simulator|queue|prompt)/.test(path))
        forbidden.push(path);
    });
    await login(page, user.email, user.password);
    await page.goto(appUrl('/connections'));
    const connection = row(page, name);
    await connection.waitFor();
    await expect.poll(() => statusOf(connection), { timeout: 30_000 }).toBe('qrcode');
    for (const testId of ['connection-add', 'session-qrcode', 'connection-edit', 'connection-delete']) {
      expect(await page.getByTestId(testId).count(), testId).toBe(0);
    }
    expect(await page.getByTestId('drawer-item-simulator').count()).toBe(0);
    // Nothing admin-only is asked for: no refused call that would cost the user a token refresh.
    expect(requests.filter((r) => r.path.startsWith('/simulator/'))).toEqual([]);
    expect(forbidden).toEqual([]);

    await page.goto(appUrl('/simulator'));
    await waitForPath(page, '/tickets');
  });

  it.each([
    { width: 360, height: 740 },
    { width: 1920, height: 1080 },
  ])(
    'lays out the connections and simulator pages at $width px without sideways scrolling',
    async ({ width, height }) => {
      const { admin } = await createCompanyWithAdmin();
      const name = `Layout ${unique()} with a long connection name`;
      await api(await apiToken(admin.email, admin.password), 'POST', '/whatsapp', {
        name,
        provider: 'simulator',
      });
      const page = await browser.newPage({ width, height });
      await login(page, admin.email, admin.password);

      await page.goto(appUrl('/connections'));
      await row(page, name).getByTestId('session-qrcode').waitFor({ timeout: 30_000 });
      await saveScreen(page, `connections-${width}`);
      expect(await horizontalOverflow(page)).toEqual({ scrollWidth: width, innerWidth: width });

      await page.getByTestId('connection-add').click();
      await page.locator('select[name="provider"]').selectOption('cloud');
      await page.locator('input[name="accessToken"]').waitFor();
      await saveScreen(page, `connection-form-${width}`);
      expect(await horizontalOverflow(page)).toEqual({ scrollWidth: width, innerWidth: width });
      await page.keyboard.press('Escape');

      await scanWithSimulator(page, name);
      await page.goto(appUrl('/simulator'));
      await page.locator('input[name="from"]').fill(customerNumber());
      await page.getByTestId('simulator-open').click();
      await page.locator('textarea[name="body"]').fill('Uma mensagem bem comprida '.repeat(8));
      await page.getByTestId('simulator-send').click();
      await page.locator('[data-testid="customer-message"][data-state="accepted"]').waitFor();
      await saveScreen(page, `simulator-${width}`);
      expect(await horizontalOverflow(page)).toEqual({ scrollWidth: width, innerWidth: width });
    },
  );
});
