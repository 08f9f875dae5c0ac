// AI prompts and queue integrations in the browser (issue 20): an admin creates a prompt and attaches it to a
// queue, a customer played through the simulator gets the model's answers (a fake OpenAI on 127.0.0.1), the
// agent's conversation shows the bot holding the ticket and the hand-off; every integration type is created in
// its dialog and the Dialogflow Test button runs against a fake Dialogflow.
import { describe, expect, inject, it } from 'vitest';
import { chooseOption, eventually, login, waitForText } from './support/app';
import { api, pageToken } from './support/api';
import { modelAnswer, TYPEBOT_GREETING } from './support/bot-fakes';
import { appUrl, useBrowser } from './support/browser';
import { createCompanyWithAdmin, sql, unique } from './support/db';
import { t } from './support/i18n';
import { connectSimulator, customerNumber, SimulatedCustomer } from './support/simulator';

const browser = useBrowser();
const PROMPT_TEXT =
  'Você é a assistente virtual da Loja Exemplo. Responda curto, com educação e em português.';

describe('AI prompts', () => {
  it('creates a prompt, attaches it to a queue, answers the customer and hands the ticket to the agent', async () => {
    const { company, admin } = await createCompanyWithAdmin();
    const page = await browser.newPage({ width: 1920, height: 1080 });
    await login(page, admin.email, admin.password);
    await page.goto(appUrl('/prompts'));
    await waitForText(page, t('en', 'prompts:empty'));

    const name = `Assistente ${unique().slice(-5)}`;
    await page.getByTestId('prompt-add').click();
    const dialog = page.getByTestId('prompt-dialog');
    await dialog.locator('input[name="name"]').fill(name);
    await dialog.locator('input[name="apiKey"]').fill('sk-e2e-secret-key-9876');
    await dialog.locator('textarea[name="prompt"]').fill(PROMPT_TEXT);
    await dialog.getByTestId('prompt-save').click();
    await waitForText(page, t('en', 'prompts:toasts.saved'));
    await page.getByTestId('prompt-row').filter({ hasText: name }).waitFor();
    const [prompt] = await sql<{ id: number; api_key: string; max_tokens: number }>(
      'select id, api_key, max_tokens from prompts where company_id = $1',
      [company.id],
    );
    expect(prompt?.max_tokens).toBe(100);
    expect(prompt?.api_key).not.toContain('sk-e2e-secret-key');

    // The queue dialog's prompt select attaches it.
    await page.goto(appUrl('/queues'));
    await page.getByTestId('queue-add').click();
    const queueDialog = page.getByTestId('queue-dialog');
    await queueDialog.locator('input[name="name"]').fill('Vendas');
    await queueDialog.locator('input[name="color"]').fill('#1273DE');
    await chooseOption(page, 'promptId', name);
    await queueDialog.getByTestId('queue-save').click();
    await waitForText(page, t('en', 'queues:dialog.editTitle'));
    const [queue] = await sql<{ id: number; prompt_id: number }>(
      'select id, prompt_id from queues where company_id = $1',
      [company.id],
    );
    expect(queue?.prompt_id).toBe(prompt?.id);

    const token = await pageToken(page);
    const connectionId = await connectSimulator(token, { name: 'Loja', queueIds: [queue?.id] });
    const customer = new SimulatedCustomer(token, connectionId, customerNumber(), 'Maria Souza');
    await customer.send('Qual o horário de vocês?');
    expect(await customer.nextReplies(1)).toEqual([modelAnswer('Qual o horário de vocês?')]);

    const [ticket] = await sql<{ uuid: string; use_integration: boolean }>(
      `select t.uuid, t.use_integration from tickets t join contacts c on c.id = t.contact_id
        where t.company_id = $1 and c.number = $2`,
      [company.id, customer.number],
    );
    expect(ticket?.use_integration).toBe(true);
    await page.goto(appUrl(`/tickets/${ticket?.uuid}`));
    await waitForText(page, modelAnswer('Qual o horário de vocês?'), 30_000);
    await page.getByTestId('ticket-bot').waitFor({ timeout: 30_000 });

    // The customer asks for a person: the bot says its last words and hands the ticket over.
    await customer.send('Quero falar com um atendente');
    expect(await customer.nextReplies(1)).toEqual(['Certo, vou chamar um atendente humano.']);
    await waitForText(page, 'Certo, vou chamar um atendente humano.');
    await page.getByTestId('ticket-bot').waitFor({ state: 'detached' });
    await eventually(async () => {
      const [row] = await sql<{ use_integration: boolean; prompt_id: number | null }>(
        'select use_integration, prompt_id from tickets where uuid = $1',
        [ticket?.uuid],
      );
      return row;
    }).toEqual({ use_integration: false, prompt_id: null });
    await customer.send('Olá?');
    await customer.expectNothingNew();
  });
});

describe('queue integrations', () => {
  it('creates each integration type with its fields and runs the Dialogflow test against the fake', async () => {
    const { company, admin } = await createCompanyWithAdmin();
    const page = await browser.newPage({ width: 360, height: 760 });
    await login(page, admin.email, admin.password);
    await page.goto(appUrl('/queue-integration'));
    await waitForText(page, t('en', 'queueIntegrations:empty'));

    const add = async (type: string, fields: Record<string, string>) => {
      await page.getByTestId('integration-add').click();
      const dialog = page.getByTestId('integration-dialog');
      await chooseOption(page, 'type', t('en', `queueIntegrations:types.${type}`));
      for (const [field, value] of Object.entries(fields)) {
        const input = dialog.locator(`input[name="${field}"], textarea[name="${field}"]`).first();
        await input.fill(value);
      }
      return dialog;
    };

    for (const [type, fields] of [
      ['n8n', { name: 'Fluxo n8n', urlN8N: 'https://n8n.example/webhook/1' }],
      ['webhook', { name: 'Webhook CRM', urlN8N: 'https://crm.example/in' }],
      ['typebot', { name: 'Typebot loja', urlN8N: 'https://typebot.example', typebotSlug: 'loja' }],
    ] as const) {
      const dialog = await add(type, fields);
      await dialog.getByTestId('integration-save').click();
      await waitForText(page, t('en', 'queueIntegrations:toasts.added'));
      await page.getByTestId('integration-row').filter({ hasText: fields.name }).waitFor();
    }

    const dialog = await add('dialogflow', {
      name: 'Dialogflow',
      projectName: 'zapdesk-e2e',
      jsonContent: inject('dialogflowServiceAccount'),
    });
    await dialog.getByTestId('integration-test').click();
    await waitForText(page, t('en', 'queueIntegrations:toasts.testSucceeded'));
    await dialog.getByTestId('integration-save').click();
    await waitForText(page, t('en', 'queueIntegrations:toasts.added'));
    await page.getByTestId('integration-logo-dialogflow').waitFor();

    const stored = await sql<{ type: string; project_name: string; typebot_delay_message: number }>(
      'select type, project_name, typebot_delay_message from queue_integrations where company_id = $1 order by id',
      [company.id],
    );
    expect(stored).toEqual([
      { type: 'n8n', project_name: 'Fluxo n8n', typebot_delay_message: 1000 },
      { type: 'webhook', project_name: 'Webhook CRM', typebot_delay_message: 1000 },
      { type: 'typebot', project_name: 'Typebot loja', typebot_delay_message: 1000 },
      { type: 'dialogflow', project_name: 'zapdesk-e2e', typebot_delay_message: 1000 },
    ]);
  });
});

describe('Typebot on the simulated phone', () => {
  it('shows "typing…" while the Typebot waits, then each of its messages (360 px)', async () => {
    const { admin } = await createCompanyWithAdmin();
    const page = await browser.newPage({ width: 360, height: 800 });
    await login(page, admin.email, admin.password);
    const token = await pageToken(page);
    const integration = await api<{ id: number }>(token, 'POST', '/queueIntegration', {
      name: 'Typebot da loja',
      type: 'typebot',
      urlN8N: inject('typebotUrl'),
      typebotSlug: 'loja',
      typebotDelayMessage: 2000,
    });
    const connectionId = await connectSimulator(token, {
      name: `Typebot ${unique().slice(-5)}`,
      integrationId: integration.id,
    });

    await page.goto(appUrl('/simulator'));
    await page.locator('select[name="whatsappId"]').selectOption(String(connectionId));
    await page.locator('input[name="from"]').fill(customerNumber());
    await page.getByTestId('simulator-open').click();
    await page.locator('textarea[name="body"]').fill('Oi');
    await page.getByTestId('simulator-send').click();

    // Before each message the phone shows that we are typing; the message ends it.
    const typing = page.getByTestId('simulator-typing');
    const ours = page.locator('[data-testid="outbox-message"]');
    for (const [index, text] of TYPEBOT_GREETING.entries()) {
      await typing.waitFor({ timeout: 20_000 });
      expect(await typing.innerText()).toBe(t('en', 'simulator:chat.typing'));
      expect(await ours.count()).toBe(index);
      await ours.filter({ hasText: text }).waitFor({ timeout: 20_000 });
    }
    await typing.waitFor({ state: 'detached', timeout: 10_000 });
    expect(await ours.allInnerTexts()).toEqual([
      expect.stringContaining(TYPEBOT_GREETING[0] ?? ''),
      expect.stringContaining(TYPEBOT_GREETING[1] ?? ''),
    ]);
  });
});
