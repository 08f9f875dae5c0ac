// Company options changed on the Settings page take effect on the customer's side (spec 1 section 9;
// server-behaviour 5.4, 7.2, 7.3, 7.6, 7.7 and 14.4): every change is made through the interface, the customer
// is played through the simulator, and what the phone receives is asserted word for word.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { eventually, login, waitForPath } from './support/app';
import { api, pageToken } from './support/api';
import { appUrl, useBrowser } from './support/browser';
import { createCompanyWithAdmin, sql } from './support/db';
import { t } from './support/i18n';
import { connectSimulator, customerNumber, SimulatedCustomer } from './support/simulator';

const browser = useBrowser();

const RATING_PROMPT = 'Digite de 1 a 3: *1* - Insatisfeito, *2* - Satisfeito, *3* - Muito satisfeito';
const CALLS_DISABLED = '*Mensagem automática*: chamadas desabilitadas, envie uma mensagem de texto.';
/** `{{ms}}`: the greeting of the local hour (server-behaviour 1.9). */
const DAY_GREETINGS = ['Boa madrugada', 'Bom dia', 'Boa tarde', 'Boa noite'];

/** The connection's automatic texts; no queues, so a new conversation gets the greeting once. */
const texts = {
  greetingMessage: 'Olá! Em instantes um atendente fala com você.',
  ratingMessage: 'Como foi o nosso atendimento?',
  complationMessage: 'Obrigado pelo contato!',
  outOfHoursMessage: 'Estamos fora do horário de atendimento.',
};

/** The local weekday the server sees (its time zone), e.g. "monday". */
const today = (): string =>
  new Date().toLocaleDateString('en-US', { weekday: 'long', timeZone: 'America/Sao_Paulo' }).toLowerCase();

async function settingOf(companyId: number, key: string): Promise<string | undefined> {
  const [row] = await sql<{ value: string }>(
    'select value from settings where company_id = $1 and key = $2',
    [companyId, key],
  );
  return row?.value;
}

/** Picks a value in an option's select on the Settings page and waits until the server stored it. */
async function chooseSetting(page: Page, companyId: number, key: string, value: string): Promise<void> {
  const select = page.locator(`select[name="${key}"]`);
  await eventually(() => select.isEnabled()).toBe(true);
  await select.selectOption(value);
  await eventually(() => settingOf(companyId, key)).toBe(value);
}

/** A new company's admin signed in, with the page's own access token. */
async function signedInAdmin() {
  const { company, admin } = await createCompanyWithAdmin();
  const page = await browser.newPage({ width: 1280, height: 900 });
  await login(page, admin.email, admin.password);
  return { company, admin, page, token: await pageToken(page) };
}

/** An admin signed in on /settings, with a connected simulator connection and a customer of it. */
async function arrange(customerName: string) {
  const { company, admin, page, token } = await signedInAdmin();
  const connectionId = await connectSimulator(token, { name: 'Atendimento', ...texts });
  const customer = new SimulatedCustomer(token, connectionId, customerNumber(), customerName);
  await page.goto(appUrl('/settings'));
  await page.getByTestId('settings-tab-options').waitFor();
  return { company, admin, page, customer };
}

describe('settings take effect', () => {
  it('greets on accept once sendGreetingAccepted is on, and asks for a rating on resolve once userRating is on', async () => {
    const { company, admin, page, customer } = await arrange('Ana Lima');
    await chooseSetting(page, company.id, 'sendGreetingAccepted', 'enabled');
    await chooseSetting(page, company.id, 'userRating', 'enabled');

    expect(await customer.ask('Oi, preciso de ajuda')).toBe(texts.greetingMessage);

    // Accepting from the Pending tab posts the greeting in the agent's language, with {{ms}} filled in.
    await page.getByTestId('drawer-item-tickets').click();
    await waitForPath(page, '/tickets');
    await page.getByTestId('tab-pending').click();
    const row = page
      .locator('[data-testid="ticket-list"][data-status="pending"]')
      .getByTestId('ticket-row')
      .filter({ hasText: 'Ana Lima' });
    await row.getByTestId('ticket-accept').click();
    await waitForPath(page, /^\/tickets\/.+/);
    const [greeting] = await customer.nextReplies(1);
    expect(
      DAY_GREETINGS.map((ms) =>
        t('en', 'tickets:greetingAccepted', { ms, contact: 'Ana Lima', user: admin.name }),
      ),
    ).toContain(greeting);

    // Resolving asks for the rating instead of saying goodbye; the answer gets the completion message.
    await page.getByTestId('ticket-resolve').click();
    await waitForPath(page, '/tickets');
    expect(await customer.nextReplies(1)).toEqual([`${texts.ratingMessage}\n\n${RATING_PROMPT}`]);
    expect(await customer.ask('3')).toBe(texts.complationMessage);
    await eventually(() =>
      sql('select rate, user_id from user_ratings where company_id = $1', [company.id]),
    ).toEqual([{ rate: 3, user_id: admin.id }]);
  });

  it("answers with the out-of-hours message once scheduleType is company and today's hours are closed", async () => {
    const { company, page, customer } = await arrange('Bruno Dias');
    await chooseSetting(page, company.id, 'scheduleType', 'company');

    // Closed all day = the same start and end time (server-behaviour 7.3), set on today's row only.
    await page.getByTestId('settings-tab-schedules').click();
    const todayRow = page
      .getByTestId('schedule-row')
      .filter({ hasText: t('en', `settings:weekdays.${today()}`) });
    await todayRow.locator('input').nth(0).fill('0000');
    await todayRow.locator('input').nth(1).fill('0000');
    await page.locator('form button[type="submit"]').click();
    await eventually(async () => {
      const [row] = await sql<{ schedules: { weekdayEn: string; startTime: string; endTime: string }[] }>(
        'select schedules from companies where id = $1',
        [company.id],
      );
      return row?.schedules.find((entry) => entry.weekdayEn === today());
    }).toMatchObject({ startTime: '00:00', endTime: '00:00' });

    // No greeting: closed hours stop the conversation before it; the ticket stays pending.
    expect(await customer.ask('Bom dia, vocês estão abertos?')).toBe(texts.outOfHoursMessage);
    const [ticket] = await sql<{ status: string }>(
      `select t.status from tickets t join contacts c on c.id = t.contact_id
        where t.company_id = $1 and c.number = $2`,
      [company.id, customer.number],
    );
    expect(ticket?.status).toBe('pending');
  });

  it("answers a closed queue's out-of-hours text once scheduleType is queue and the queue is closed today", async () => {
    const { company, page, token } = await signedInAdmin();
    const vendas = await api<{ id: number }>(token, 'POST', '/queue', {
      name: 'Vendas',
      color: '#1273DE',
      orderQueue: 1,
      greetingMessage: 'Vendas: em que podemos ajudar?',
    });
    const suporte = await api<{ id: number }>(token, 'POST', '/queue', {
      name: 'Suporte',
      color: '#B80000',
      orderQueue: 2,
      greetingMessage: 'Suporte: conte o que aconteceu.',
      // No hours at all = open every day (the default week closes on Sundays).
      schedules: [],
    });
    const connectionId = await connectSimulator(token, {
      name: 'Atendimento',
      greetingMessage: 'Escolha um setor:',
      queueIds: [vendas.id, suporte.id],
    });
    const customer = new SimulatedCustomer(token, connectionId, customerNumber(), 'Davi Costa');

    await page.goto(appUrl('/settings'));
    await chooseSetting(page, company.id, 'scheduleType', 'queue');

    // Queue mode: the queue dialog now offers the out-of-hours text and the attendance-time tab.
    await page.getByTestId('drawer-item-queues').click();
    await page
      .locator(`[data-testid="queue-row"][data-queue-id="${vendas.id}"]`)
      .getByTestId('queue-edit')
      .click();
    const dialog = page.getByTestId('queue-dialog');
    await dialog.locator('textarea[name="outOfHoursMessage"]').fill('Vendas está fechado agora.');
    await dialog.getByTestId('queue-tab-schedules').click();
    const todayRow = dialog
      .getByTestId('queue-schedules')
      .locator(':scope > div')
      .filter({ hasText: t('en', `queues:weekdays.${today()}`) });
    await todayRow.locator('input').nth(0).fill('0000');
    await todayRow.locator('input').nth(1).fill('0000');
    await dialog.getByTestId('queue-save').click();
    await eventually(async () => {
      const [row] = await sql<{
        out_of_hours_message: string;
        schedules: { weekdayEn: string; startTime: string; endTime: string }[];
      }>('select out_of_hours_message, schedules from queues where id = $1', [vendas.id]);
      return [row?.out_of_hours_message, row?.schedules.find((entry) => entry.weekdayEn === today())];
    }).toEqual([
      'Vendas está fechado agora.',
      expect.objectContaining({ startTime: '00:00', endTime: '00:00' }),
    ]);

    const menu = 'Escolha um setor:\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte';
    expect(await customer.ask('Oi')).toBe(menu);
    // The closed queue answers its text and leaves the ticket without queue; the open one still takes it.
    expect(await customer.ask('1')).toBe('Vendas está fechado agora.\n\n*[ # ]* - Menu inicial');
    expect(await customer.ask('2')).toBe('Suporte: conte o que aconteceu.');
  });

  it('sends the connection greeting before a single queue only once sendGreetingMessageOneQueues is on', async () => {
    const { company, page, token } = await signedInAdmin();
    const queue = await api<{ id: number }>(token, 'POST', '/queue', {
      name: 'Atendimento geral',
      color: '#1273DE',
      greetingMessage: 'Você está na fila do atendimento geral.',
      schedules: [],
    });
    const connectionId = await connectSimulator(token, {
      name: 'Atendimento',
      greetingMessage: 'Bem-vindo à Acme!',
      queueIds: [queue.id],
    });

    // Off (the default): one queue takes the customer straight to its own greeting.
    const before = new SimulatedCustomer(token, connectionId, customerNumber(), 'Fabio Lima');
    expect(await before.ask('Oi')).toBe('Você está na fila do atendimento geral.');

    await page.goto(appUrl('/settings'));
    await chooseSetting(page, company.id, 'sendGreetingMessageOneQueues', 'enabled');
    const after = new SimulatedCustomer(token, connectionId, customerNumber(), 'Gabi Souza');
    await after.send('Oi');
    expect(await after.nextReplies(2)).toEqual([
      'Bem-vindo à Acme!',
      'Você está na fila do atendimento geral.',
    ]);
  });

  it('ignores group messages while CheckMsgIsGroup is enabled and lists them, unanswered, once disabled', async () => {
    const { company, page, customer } = await arrange('Eva Nunes');
    const group = `1203630${Date.now()}`;
    await eventually(() => page.locator('select[name="CheckMsgIsGroup"]').inputValue()).toBe('enabled');

    // The private message after the group one is answered: the group one was handled first, and dropped.
    await customer.send('Oi, pessoal do grupo', 'text', group);
    expect(await customer.ask('Oi, em particular')).toBe(texts.greetingMessage);
    expect(
      await sql('select id from contacts where company_id = $1 and number = $2', [company.id, group]),
    ).toEqual([]);

    await chooseSetting(page, company.id, 'CheckMsgIsGroup', 'disabled');
    await customer.send('Agora o grupo aparece', 'text', group);
    await page.getByTestId('drawer-item-tickets').click();
    await waitForPath(page, '/tickets');
    await page.getByTestId('tab-pending').click();
    const row = page
      .locator('[data-testid="ticket-list"][data-status="pending"]')
      .getByTestId('ticket-row')
      .filter({ hasText: 'Agora o grupo aparece' });
    await row.waitFor();
    expect(await row.getByTestId('ticket-contact').innerText()).toBe(group);
    // Groups get no automation: nothing more reached the customer's phone.
    await customer.expectNothingNew();
  });

  it('rejects calls with the automatic reply while call is disabled and leaves them alone once enabled', async () => {
    const { company, page, customer } = await arrange('Carla Reis');
    await eventually(() => page.locator('select[name="call"]').inputValue()).toBe('disabled');

    await customer.send('', 'call');
    expect(await customer.nextReplies(1)).toEqual([CALLS_DISABLED]);

    await chooseSetting(page, company.id, 'call', 'enabled');
    await customer.send('', 'call');
    // The text after the call is handled after it: its greeting is the next thing the phone receives.
    expect(await customer.ask('Oi, tentei ligar')).toBe(texts.greetingMessage);
    await customer.expectNothingNew();
  });
});
