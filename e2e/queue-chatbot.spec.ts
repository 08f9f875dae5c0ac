// Queues and their chatbot option tree at work (spec 2 sections 2 and 7; server-behaviour 7.4 and 7.5): an
// admin builds two queues and a two-level option tree in the queue dialog, a simulator connection offers both
// queues, and a customer played through the simulator walks the menus; what the phone receives is asserted
// word for word, then the ticket waits in the chosen queue for that queue's agent.
import { describe, expect, it } from 'vitest';
import { eventually, login, waitForText } from './support/app';
import { api, apiToken, pageToken } from './support/api';
import { appUrl, useBrowser } from './support/browser';
import { createCompanyWithAdmin, createUser, sql } from './support/db';
import { t } from './support/i18n';
import { addOption, createQueueInDialog } from './support/queues';
import { connectSimulator, customerNumber, SimulatedCustomer } from './support/simulator';

const browser = useBrowser();

// The bot's fixed lines (server-behaviour 7.4 and 7.5).
const INVALID = 'Opção inválida, escolha uma das opções abaixo.';
const BACK = '*[ 0 ]* - Voltar';
const MAIN_MENU = '*[ # ]* - Menu inicial';

describe('queue chatbot', () => {
  it('creates a queue with a two-level option tree and sees the chatbot use it through the simulator', async () => {
    const { company, admin } = await createCompanyWithAdmin();
    const page = await browser.newPage({ width: 1280, height: 900 });
    await login(page, admin.email, admin.password);
    await page.goto(appUrl('/queues'));
    await waitForText(page, t('en', 'queues:empty'));

    // Two queues; order 1 puts Financeiro before Comercial although the names sort the other way.
    const queueGreeting = 'Financeiro: escolha uma opção.';
    const dialog = await createQueueInDialog(page, {
      name: 'Financeiro',
      color: '#1273DE',
      orderQueue: 1,
      greetingMessage: queueGreeting,
    });
    await addOption(
      dialog,
      dialog.locator('[data-testid="option-add"][data-depth="0"]'),
      'Pagamentos',
      'Como você prefere pagar?',
    );
    const payments = dialog.locator('[data-testid="queue-option"][data-depth="0"]').first();
    const addChild = payments.locator('[data-testid="option-add"][data-depth="1"]').first();
    await addOption(payments, addChild, 'Boleto', 'Enviaremos o boleto por e-mail.');
    await addOption(payments, addChild, 'Pix', 'Nossa chave Pix é financeiro@empresa.test.');
    await addOption(
      dialog,
      dialog.locator('[data-testid="option-add"][data-depth="0"]'),
      'Segunda via',
      'Um atendente enviará a segunda via.',
    );
    await dialog.getByTestId('queue-dialog-close').click();
    await dialog.waitFor({ state: 'detached' });
    const second = await createQueueInDialog(page, { name: 'Comercial', color: '#B80000', orderQueue: 2 });
    await second.getByTestId('queue-dialog-close').click();
    await page.getByTestId('queue-row').filter({ hasText: 'Comercial' }).waitFor();

    const queues = await sql<{ id: number; name: string }>(
      'select id, name from queues where company_id = $1 order by order_queue',
      [company.id],
    );
    expect(queues.map((q) => q.name)).toEqual(['Financeiro', 'Comercial']);
    const [financeiro, comercial] = queues;

    // The connection greets with a variable and offers both queues; no loop guard, so every invalid reply is
    // answered.
    const token = await pageToken(page);
    const connectionId = await connectSimulator(token, {
      name: 'Atendimento',
      greetingMessage: 'Olá {{firstName}}! Escolha um setor:',
      queueIds: [financeiro!.id, comercial!.id],
      maxUseBotQueues: 0,
    });
    const customer = new SimulatedCustomer(token, connectionId, customerNumber(), 'Maria Souza');

    const mainMenu = 'Olá Maria! Escolha um setor:\n\n*[ 1 ]* - Financeiro\n*[ 2 ]* - Comercial';
    const rootMenu = `${queueGreeting}\n\n*[ 1 ]* - Pagamentos\n*[ 2 ]* - Segunda via\n${MAIN_MENU}`;
    const paymentsMenu = `Como você prefere pagar?\n\n*[ 1 ]* - Boleto\n*[ 2 ]* - Pix\n${BACK}\n${MAIN_MENU}`;

    expect(await customer.ask('Oi, bom dia')).toBe(mainMenu);
    expect(await customer.ask('9')).toBe(`${INVALID}\n\n${mainMenu}`);
    expect(await customer.ask('1')).toBe(rootMenu);
    // An invalid choice among the options re-asks the same menu.
    expect(await customer.ask('5')).toBe(rootMenu);
    expect(await customer.ask('1')).toBe(paymentsMenu);
    expect(await customer.ask('3')).toBe(paymentsMenu);
    // "0" goes back one level, "#" to the main menu, from where the queue is picked again.
    expect(await customer.ask('0')).toBe(rootMenu);
    expect(await customer.ask('1')).toBe(paymentsMenu);
    expect(await customer.ask('#')).toBe(mainMenu);
    expect(await customer.ask('1')).toBe(rootMenu);
    expect(await customer.ask('1')).toBe(paymentsMenu);
    expect(await customer.ask('2')).toBe('Nossa chave Pix é financeiro@empresa.test.');

    // The tree is done: the ticket waits in Financeiro, seen by that queue's agent and not by Comercial's.
    const agent = await createUser({ companyId: company.id, profile: 'user', name: 'Agente Financeiro' });
    const other = await createUser({ companyId: company.id, profile: 'user', name: 'Agente Comercial' });
    await sql(`insert into user_queues (company_id, user_id, queue_id) values ($1, $2, $3), ($1, $4, $5)`, [
      company.id,
      agent.id,
      financeiro!.id,
      other.id,
      comercial!.id,
    ]);
    const agentPage = await browser.newPage({ width: 1280, height: 900 });
    await login(agentPage, agent.email, agent.password);
    await agentPage.goto(appUrl('/tickets'));
    await agentPage.getByTestId('tab-pending').click();
    const row = agentPage
      .locator('[data-testid="ticket-list"][data-status="pending"]')
      .getByTestId('ticket-row')
      .filter({ hasText: 'Maria Souza' });
    await row.waitFor();
    expect(await row.getByTestId('ticket-last').innerText()).toBe(
      'Nossa chave Pix é financeiro@empresa.test.',
    );
    // The queue shows as the row's colour bar, named in its title.
    expect(await row.locator('[title="Financeiro"]').count()).toBe(1);
    // A customer without a picture gets the app's placeholder picture, not a broken image.
    await eventually(() =>
      row.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeGreaterThan(0);

    const otherToken = await apiToken(other.email, other.password);
    const seenByComercial = await api<{ tickets: { contact: { name: string } }[] }>(
      otherToken,
      'GET',
      '/tickets?status=pending',
    );
    expect(seenByComercial.tickets.map((ticket) => ticket.contact.name)).not.toContain('Maria Souza');
    await customer.expectNothingNew();
  });
});
