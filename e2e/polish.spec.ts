// Issue 23 items 1–3, where a new user tripped: the chatbot's out-of-hours dead end, quick replies by keyboard,
// and WhatsApp formatting shown as WhatsApp shows it. Each is played in Chromium against the real server, the
// customer through the simulator.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login, waitForPath } from './support/app';
import { api, pageToken } from './support/api';
import { appUrl, useBrowser } from './support/browser';
import { createCompanyWithAdmin } from './support/db';
import { connectSimulator, customerNumber, SimulatedCustomer } from './support/simulator';

const browser = useBrowser();

const MAIN_MENU = '*[ # ]* - Menu inicial';
const closedAllWeek = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map(
  (weekdayEn) => ({ weekday: weekdayEn, weekdayEn, startTime: '00:00', endTime: '00:00' }),
);

async function signedInAdmin(width = 1280) {
  const { company, admin } = await createCompanyWithAdmin();
  const page = await browser.newPage({ width, height: 900 });
  page.setDefaultTimeout(30_000);
  await login(page, admin.email, admin.password);
  return { company, admin, page, token: await pageToken(page) };
}

/** A customer who wrote in, and the admin with that conversation accepted and open. */
async function openConversation(page: Page, token: string, customerName: string) {
  const connectionId = await connectSimulator(token, { name: 'Atendimento' });
  const customer = new SimulatedCustomer(token, connectionId, customerNumber(), customerName);
  await page.goto(appUrl('/tickets'));
  await page.getByTestId('tab-pending').click();
  await customer.send('Oi');
  const row = page
    .locator('[data-testid="ticket-list"][data-status="pending"]')
    .getByTestId('ticket-row')
    .filter({ hasText: customerName });
  await row.waitFor();
  await row.getByTestId('ticket-accept').click();
  await waitForPath(page, /^\/tickets\/.+/);
  return { customer, connectionId };
}

describe('issue 23: chatbot out of hours', () => {
  it('answers a closed queue without its own text with its hours, and the queue dialog warns', async () => {
    const { page, token } = await signedInAdmin();
    await api(token, 'PUT', '/settings/scheduleType', { value: 'queue' });
    const vendas = await api<{ id: number }>(token, 'POST', '/queue', {
      name: 'Vendas',
      color: '#1273DE',
      orderQueue: 1,
      outOfHoursMessage: '',
      schedules: closedAllWeek,
    });
    const suporte = await api<{ id: number }>(token, 'POST', '/queue', {
      name: 'Suporte',
      color: '#B80000',
      orderQueue: 2,
      greetingMessage: 'Suporte: conte o que aconteceu.',
      schedules: [],
    });
    const connectionId = await connectSimulator(token, {
      name: 'Atendimento',
      greetingMessage: 'Escolha um setor:',
      queueIds: [vendas.id, suporte.id],
    });
    const customer = new SimulatedCustomer(token, connectionId, customerNumber(), 'Davi Costa');

    expect(await customer.ask('Oi')).toBe('Escolha um setor:\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte');
    const closed = await customer.ask('1');
    expect(closed).toMatch(/^O atendimento de Vendas está fechado agora\.\nHorário de atendimento:\n/);
    expect(closed).toContain('Segunda-feira: fechado');
    expect(closed.endsWith(`\n\n${MAIN_MENU}`)).toBe(true);
    expect(await customer.ask('2')).toBe('Suporte: conte o que aconteceu.');

    // The admin is told, in the dialog, that the queue answers with the default until it has its own text.
    await page.goto(appUrl('/queues'));
    const edit = (id: number) =>
      page.locator(`[data-testid="queue-row"][data-queue-id="${id}"]`).getByTestId('queue-edit');
    await edit(vendas.id).click();
    const dialog = page.getByTestId('queue-dialog');
    const warning = dialog.getByTestId('queue-out-of-hours-warning');
    await warning.waitFor();
    await dialog.locator('textarea[name="outOfHoursMessage"]').fill('Vendas volta amanhã.');
    await warning.waitFor({ state: 'detached' });
  });
});

describe('issue 23: quick replies by keyboard', () => {
  it('moves with the arrows, inserts with Enter, closes with Escape and never sends the bare shortcut', async () => {
    const { page, token } = await signedInAdmin();
    const replies: Record<string, string> = {
      ola: 'Olá! Como posso ajudar?',
      olhe: 'Olhe o seu e-mail, por favor.',
    };
    for (const [shortcode, message] of Object.entries(replies)) {
      await api(token, 'POST', '/quick-messages', { shortcode, message });
    }
    const { customer } = await openConversation(page, token, 'Lia Teclado');
    const sign = page.getByTestId('sign-switch');
    if (await sign.isChecked()) await sign.click();

    const input = page.getByTestId('message-text');
    const options = page.getByTestId('quick-replies').getByTestId('quick-reply');
    await input.fill('/ol');
    await expect.poll(() => options.count()).toBe(2);
    await input.press('ArrowDown');
    await expect.poll(() => options.nth(1).getAttribute('aria-selected')).toBe('true');
    const chosen = (await options.nth(1).innerText()).split(' - ')[0] ?? '';
    await input.press('Enter');
    const message = replies[chosen] ?? '';
    await expect.poll(() => input.inputValue()).toBe(message);
    expect(await page.getByTestId('quick-replies').count()).toBe(0);
    await input.press('Enter');
    await expect.poll(() => customer.received()).toContain(message);

    // Escape closes the list; Tab inserts like Enter.
    await input.fill('/ol');
    await expect.poll(() => options.count()).toBe(2);
    await input.press('Escape');
    await expect.poll(() => page.getByTestId('quick-replies').count()).toBe(0);
    await input.fill('/olh');
    await expect.poll(() => options.count()).toBe(1);
    await input.press('Tab');
    await expect.poll(() => input.inputValue()).toBe(replies.olhe);
    await input.press('Enter');
    await expect.poll(() => customer.received()).toContain(replies.olhe);
    expect((await customer.received()).filter((body) => body.startsWith('/'))).toEqual([]);
  });
});

describe('issue 23: WhatsApp formatting', () => {
  it('shows bold, italic, strike, monospace and safe links in bubbles, previews and the simulator', async () => {
    const { page, token, admin } = await signedInAdmin();
    const { customer, connectionId } = await openConversation(page, token, 'Rita Formato');
    await customer.send('*negrito* _itálico_ ~riscado~ ```mono``` https://exemplo.test/a?b=1 <b>x</b>');

    const bubble = page.getByTestId('message-body').filter({ hasText: 'negrito' });
    await bubble.waitFor();
    expect(await bubble.locator('strong').innerText()).toBe('negrito');
    expect(await bubble.locator('em').innerText()).toBe('itálico');
    expect(await bubble.locator('s').innerText()).toBe('riscado');
    expect(await bubble.locator('code').innerText()).toBe('mono');
    expect(await bubble.innerText()).toBe('negrito itálico riscado mono https://exemplo.test/a?b=1 <b>x</b>');
    const link = bubble.locator('a');
    expect(await link.getAttribute('href')).toBe('https://exemplo.test/a?b=1');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await link.getAttribute('target')).toBe('_blank');
    // The customer's HTML stays text.
    expect(await bubble.locator('b').count()).toBe(0);

    // The ticket list's preview, as plain styled text without links inside the clickable row.
    const preview = page
      .getByTestId('ticket-row')
      .filter({ hasText: 'Rita Formato' })
      .getByTestId('ticket-last');
    await expect.poll(() => preview.locator('strong').innerText()).toBe('negrito');
    expect(await preview.locator('a').count()).toBe(0);

    // Our signed reply: "*Admin:*" shows as a bold name, without asterisks.
    const sign = page.getByTestId('sign-switch');
    if (!(await sign.isChecked())) await sign.click();
    await page.getByTestId('message-text').fill('Tudo certo');
    await page.getByTestId('message-text').press('Enter');
    await expect.poll(() => customer.received()).toContain(`*${admin.name}:*\nTudo certo`);
    const ours = page.getByTestId('message-body').filter({ hasText: 'Tudo certo' });
    await expect.poll(() => ours.locator('strong').innerText()).toBe(`${admin.name}:`);
    expect(await ours.innerText()).not.toContain('*');

    // The simulator page shows the customer's side the same way.
    await page.goto(appUrl('/simulator'));
    await page.locator('select[name="whatsappId"]').selectOption(String(connectionId));
    await page.locator('input[name="from"]').fill(customer.number);
    await page.locator('input[name="name"]').fill(customer.name);
    await page.getByTestId('simulator-open').click();
    const reply = page.getByTestId('outbox-message').filter({ hasText: 'Tudo certo' });
    await reply.waitFor();
    expect(await reply.locator('strong').innerText()).toBe(`${admin.name}:`);
    expect(await reply.innerText()).not.toContain('*');
  });
});
