// The tickets page (spec 1 sections 2 and 4; server-behaviour 5 and 6): a customer played on a simulator
// connection arrives live in Pending, is accepted, answered and resolved.
import { describe, expect, it } from 'vitest';
import { api } from './support/api';
import { login, saveScreen, socketConnected, waitForPath } from './support/app';
import { appUrl, useBrowser } from './support/browser';
import { unique } from './support/db';
import { customerNumber } from './support/simulator';

const browser = useBrowser();

interface OutboxItem {
  body: string;
  to: string;
}

/** What the first test leaves for the second: its connection and the resolved customer's name. */
const shared = { token: '', connectionId: 0, name: '' };

describe('tickets', () => {
  it('receives a customer live in Pending, accepts, replies and resolves the ticket', async () => {
    const page = await browser.newPage({ width: 1920, height: 1080 });
    const connected = socketConnected(page);
    await login(page, 'admin@admin.com', '123456');
    await connected;
    const token = (await page.evaluate(() => window.localStorage.getItem('token'))) ?? '';

    const connection = await api<{ id: number }>(token, 'POST', '/whatsapp', {
      name: `Tickets ${unique()}`,
      provider: 'simulator',
    });
    // The QR code appears once the session starts; scanning before that is refused.
    await expect
      .poll(
        () =>
          api(token, 'POST', `/simulator/connections/${connection.id}/scan`).then(
            () => 'scanned',
            (error: unknown) => String(error),
          ),
        { timeout: 30_000, interval: 1000 },
      )
      .toBe('scanned');
    await expect
      .poll(async () => (await api<{ status: string }>(token, 'GET', `/whatsapp/${connection.id}`)).status, {
        timeout: 30_000,
      })
      .toBe('CONNECTED');

    await page.goto(appUrl('/tickets'));
    await waitForPath(page, '/tickets');
    await page.getByTestId('tab-pending').click();
    const pendingList = page.locator('[data-testid="ticket-list"][data-status="pending"]');
    await pendingList.waitFor();

    const customer = customerNumber();
    const name = `Ana ${unique()}`;
    const greeting = `Olá, preciso de ajuda ${unique()}`;
    await api(token, 'POST', `/simulator/connections/${connection.id}/inbound`, {
      from: customer,
      name,
      body: greeting,
    });

    const row = pendingList.getByTestId('ticket-row').filter({ hasText: name });
    await row.waitFor({ timeout: 20_000 });
    await expect(row.getByTestId('ticket-last').innerText()).resolves.toContain(greeting);
    await saveScreen(page, 'tickets-pending-1920');

    await row.getByTestId('ticket-accept').click();
    await waitForPath(page, /^\/tickets\/.+/);
    const header = page.getByTestId('ticket-header');
    await expect.poll(() => header.getAttribute('data-status'), { timeout: 15_000 }).toBe('open');
    await page.getByTestId('message-bubble').filter({ hasText: greeting }).waitFor();

    // Sign off: the outbox must show the text exactly as typed.
    const sign = page.getByTestId('sign-switch');
    if (await sign.isChecked()) await sign.click();
    const reply = `Claro! Como posso ajudar? ${unique()}`;
    await page.getByTestId('message-text').fill(reply);
    await page.getByTestId('message-text').press('Enter');
    await page.getByTestId('message-bubble').filter({ hasText: reply }).waitFor({ timeout: 15_000 });
    await expect
      .poll(
        async () =>
          (
            await api<OutboxItem[]>(
              token,
              'GET',
              `/simulator/connections/${connection.id}/outbox?to=${customer}`,
            )
          ).map((item) => item.body),
        { timeout: 20_000 },
      )
      .toContain(reply);
    await saveScreen(page, 'tickets-conversation-1920');

    await page.getByTestId('ticket-resolve').click();
    await waitForPath(page, '/tickets');
    await page.getByTestId('tab-closed').click();
    await page
      .locator('[data-testid="ticket-list"][data-status="closed"]')
      .getByTestId('ticket-row')
      .filter({ hasText: name })
      .waitFor({ timeout: 15_000 });

    Object.assign(shared, { token, connectionId: connection.id, name });
  });

  it('opens a resolved ticket from the list on a narrow screen, with the input disabled', async () => {
    const page = await browser.newPage({ width: 360, height: 740 });
    await login(page, 'admin@admin.com', '123456');
    await page.goto(appUrl('/tickets'));
    await page.getByTestId('narrow-tab-tickets').waitFor();
    await saveScreen(page, 'tickets-360');
    await page.getByTestId('tab-closed').click();
    const row = page
      .locator('[data-testid="ticket-list"][data-status="closed"]')
      .getByTestId('ticket-row')
      .filter({ hasText: shared.name.slice(0, 10) });
    await row.first().click();
    await waitForPath(page, /^\/tickets\/.+/);
    await page.getByTestId('ticket-reopen').waitFor();
    await expect(page.getByTestId('message-text').isDisabled()).resolves.toBe(true);
    await saveScreen(page, 'tickets-conversation-360');

    await page.getByTestId('contact-button').click();
    const drawer = page.getByTestId('contact-drawer');
    const note = `Cliente prefere contato à tarde ${unique()}`;
    await drawer.locator('textarea[name="note"]').fill(note);
    await drawer.getByTestId('note-save').click();
    await drawer.getByText(note).waitFor();
    await saveScreen(page, 'tickets-contact-drawer-360');
    if (shared.connectionId) {
      const token = (await page.evaluate(() => window.localStorage.getItem('token'))) ?? '';
      await api(token, 'DELETE', `/whatsapp/${shared.connectionId}`);
    }
  });
});
