// The dialogs and side parts of /tickets (spec 1 sections 2, 4, 5, 6, 8 and 9): the new-ticket dialog, the
// contact drawer's edit and notes, the admin's read-only peek and the refusal for agents, and a list of
// 10,000 tickets that keeps only a window of rows in the page. Each test builds its own company.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chooseOption, horizontalOverflow, login, waitForPath, waitForText } from './support/app';
import { appUrl, useBrowser } from './support/browser';
import { createCompanyWithAdmin, createUser, sql, unique } from './support/db';
import { t } from './support/i18n';
import { customerNumber } from './support/simulator';
import { seedConnection, seedContact, seedQueue, seedTicket } from './support/tickets';

const browser = useBrowser();

const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

async function openNewTicketDialog(page: Page) {
  await page.goto(appUrl('/tickets'));
  await page.getByTestId('new-ticket').click();
  const dialog = page.getByTestId('new-ticket-dialog');
  await dialog.waitFor();
  return { dialog, contactInput: dialog.locator('input[name="contactId"]') };
}

const ticketsOf = (contactId: number) =>
  sql<{ status: string; user_id: number; queue_id: number | null; whatsapp_id: number | null }>(
    'select status, user_id, queue_id, whatsapp_id from tickets where contact_id = $1',
    [contactId],
  );

describe('new-ticket dialog', () => {
  it('finds a contact from 3 characters and opens its ticket on the chosen connection', async () => {
    const { company, admin } = await createCompanyWithAdmin();
    const connection = await seedConnection(company.id, `Linha ${unique()}`);
    await seedConnection(company.id);
    const mariana = await seedContact(company.id, `Mariana ${unique().slice(-5)}`);
    await seedContact(company.id, `Pedro ${unique().slice(-5)}`);

    const page = await browser.newPage({ width: 1280, height: 900 });
    await login(page, admin.email, admin.password);
    const { dialog, contactInput } = await openNewTicketDialog(page);

    await contactInput.fill('Ma');
    await waitForText(page, t('en', 'tickets:newTicket.typeToSearch'));
    expect(await page.getByTestId('contact-option').count()).toBe(0);

    await contactInput.fill('Mari');
    const found = page.getByTestId('contact-option');
    await eventually(() => found.allInnerTexts()).toEqual([`${mariana.name} (${mariana.number})`]);
    await found.click();
    await chooseOption(page, 'whatsappId', connection.name);
    await dialog.getByTestId('new-ticket-save').click();

    await waitForPath(page, /^\/tickets\/.+/);
    await eventually(() => page.getByTestId('ticket-header-name').innerText()).toBe(mariana.name);
    expect(await ticketsOf(mariana.id)).toEqual([
      { status: 'open', user_id: admin.id, queue_id: null, whatsapp_id: connection.id },
    ]);
    // The new ticket is the admin's: it is listed under Assigned.
    await page
      .locator('[data-testid="ticket-list"][data-status="open"]')
      .getByTestId('ticket-row')
      .filter({ hasText: mariana.name })
      .waitFor();
  });

  it('turns free text into a new contact through the contact form, then opens its ticket', async () => {
    const { company, admin } = await createCompanyWithAdmin();
    const connection = await seedConnection(company.id);
    const name = `Cliente Novo ${unique().slice(-5)}`;
    const number = customerNumber();

    const page = await browser.newPage({ width: 1280, height: 900 });
    await login(page, admin.email, admin.password);
    const { dialog, contactInput } = await openNewTicketDialog(page);
    await contactInput.fill(name);
    const offer = page.getByTestId('contact-option-new');
    await eventually(() => offer.innerText()).toBe(t('en', 'tickets:newTicket.addContact', { name }));
    await offer.click();

    const form = page.getByTestId('contact-dialog');
    await form.waitFor();
    expect(await form.locator('input[name="name"]').inputValue()).toBe(name);
    await form.locator('input[name="number"]').fill(number);
    await form.getByTestId('contact-save').click();
    await form.waitFor({ state: 'detached' });
    expect(await contactInput.inputValue()).toBe(name);

    await chooseOption(page, 'whatsappId', connection.name);
    await dialog.getByTestId('new-ticket-save').click();
    await waitForPath(page, /^\/tickets\/.+/);
    await eventually(() => page.getByTestId('ticket-header-name').innerText()).toBe(name);
    const [contact] = await sql<{ id: number; number: string }>(
      'select id, number from contacts where company_id = $1 and name = $2',
      [company.id, name],
    );
    expect(contact?.number).toBe(number);
    expect((await ticketsOf(contact!.id)).map((row) => row.status)).toEqual(['open']);
  });

  it("names the agent and queue already holding the contact's open ticket", async () => {
    const { company, admin } = await createCompanyWithAdmin();
    const connection = await seedConnection(company.id);
    const agent = await createUser({ companyId: company.id, profile: 'user', name: `Bruno ${unique()}` });
    const queueName = `Vendas ${unique().slice(-4)}`;
    const queueId = await seedQueue(company.id, queueName, '#1565C0', [agent.id]);
    const contact = await seedContact(company.id, `Carla ${unique().slice(-5)}`);
    await seedTicket(company.id, {
      contactId: contact.id,
      status: 'open',
      userId: agent.id,
      queueId,
      whatsappId: connection.id,
    });

    const page = await browser.newPage({ width: 1280, height: 900 });
    await login(page, admin.email, admin.password);
    const { dialog, contactInput } = await openNewTicketDialog(page);
    await contactInput.fill(contact.name);
    await page.getByTestId('contact-option').filter({ hasText: contact.name }).click();
    await chooseOption(page, 'whatsappId', connection.name);
    await dialog.getByTestId('new-ticket-save').click();

    await waitForText(page, t('en', 'contacts:otherOpenTicket', { user: agent.name, queue: queueName }));
    expect(new URL(page.url()).pathname).toBe('/tickets');
    expect((await ticketsOf(contact.id)).map((row) => row.user_id)).toEqual([agent.id]);
  });

  it('makes an agent choose one of their queues', async () => {
    const { company } = await createCompanyWithAdmin();
    const connection = await seedConnection(company.id);
    const agent = await createUser({ companyId: company.id, profile: 'user' });
    const queueName = `Suporte ${unique().slice(-4)}`;
    const queueId = await seedQueue(company.id, queueName, '#2E7D32', [agent.id]);
    await seedQueue(company.id, `Outra ${unique().slice(-4)}`, '#6A1B9A');
    const contact = await seedContact(company.id, `Joana ${unique().slice(-5)}`);

    const page = await browser.newPage({ width: 1280, height: 900 });
    await login(page, agent.email, agent.password);
    const { dialog, contactInput } = await openNewTicketDialog(page);
    await contactInput.fill(contact.name.slice(0, 5));
    await page.getByTestId('contact-option').filter({ hasText: contact.name }).click();
    await dialog.getByTestId('new-ticket-save').click();
    await waitForText(page, t('en', 'tickets:newTicket.selectQueue'));
    expect(await ticketsOf(contact.id)).toEqual([]);

    // Only the agent's own queue is offered.
    await dialog.locator('input[name="queueId"]').locator('xpath=..').getByRole('combobox').click();
    expect(await page.getByRole('option').allInnerTexts()).toEqual([queueName]);
    await page.getByRole('option', { name: queueName }).click();
    await chooseOption(page, 'whatsappId', connection.name);
    await dialog.getByTestId('new-ticket-save').click();
    await waitForPath(page, /^\/tickets\/.+/);
    expect(await ticketsOf(contact.id)).toMatchObject([
      { status: 'open', user_id: agent.id, queue_id: queueId },
    ]);
  });
});

describe('contact drawer', () => {
  it("edits the ticket's contact with the form's rules and keeps notes of 2 characters or more", async () => {
    const { company, admin } = await createCompanyWithAdmin();
    const { id: whatsappId } = await seedConnection(company.id);
    const contact = await seedContact(company.id, `Rafael ${unique().slice(-5)}`);
    await sql(
      `insert into contact_custom_fields (company_id, contact_id, name, value) values ($1, $2, 'CPF', $3)`,
      [company.id, contact.id, '123.456.789-00'],
    );
    const ticket = await seedTicket(company.id, {
      contactId: contact.id,
      status: 'open',
      userId: admin.id,
      whatsappId,
      lastMessage: 'Bom dia!',
    });

    const page = await browser.newPage({ width: 1280, height: 900 });
    await login(page, admin.email, admin.password);
    await page.goto(appUrl(`/tickets/${ticket.uuid}`));
    await page.getByTestId('contact-button').click();
    const drawer = page.getByTestId('contact-drawer');
    await drawer.waitFor();
    expect(await drawer.innerText()).toContain('123.456.789-00');
    // Measured while it may still slide in: sub-pixel widths round to the drawer's 320 px.
    expect(Math.round((await drawer.boundingBox())?.width ?? 0)).toBe(320);

    await drawer.getByTestId('contact-edit').click();
    const form = page.getByTestId('contact-dialog');
    await form.locator('input[name="name"]').fill('R');
    await form.locator('input[name="number"]').fill('1234');
    await form.locator('input[name="email"]').fill('not-an-email');
    await form.getByTestId('contact-save').click();
    const formText = () => form.innerText();
    await eventually(formText).toContain(t('en', 'validation:tooShort'));
    expect(await formText()).toContain(t('en', 'validation:invalidEmail'));
    expect(await form.locator('.Mui-error input').count()).toBe(3);

    const renamed = `Rafael Souza ${unique().slice(-5)}`;
    const number = customerNumber();
    await form.locator('input[name="name"]').fill(renamed);
    await form.locator('input[name="number"]').fill(number);
    await form.locator('input[name="email"]').fill('rafael@example.test');
    await form.getByTestId('contact-save').click();
    await waitForText(page, t('en', 'contacts:toasts.saved'));
    await eventually(() => drawer.getByTestId('contact-drawer-name').innerText()).toBe(renamed);
    expect(await drawer.getByTestId('contact-drawer-number').innerText()).toBe(number);
    expect(await drawer.getByTestId('contact-drawer-email').innerText()).toBe('rafael@example.test');
    expect(await page.getByTestId('ticket-header-name').innerText()).toBe(renamed);
    expect(await sql('select name, number, email from contacts where id = $1', [contact.id])).toEqual([
      { name: renamed, number, email: 'rafael@example.test' },
    ]);

    const notes = drawer.getByTestId('ticket-notes');
    await notes.locator('textarea[name="note"]').fill('x');
    await notes.getByTestId('note-save').click();
    await eventually(() => notes.innerText()).toContain(t('en', 'validation:tooShort'));
    const note = `Prefere contato à tarde ${unique().slice(-4)}`;
    await notes.locator('textarea[name="note"]').fill(note);
    await notes.getByTestId('note-save').click();
    await waitForText(page, t('en', 'tickets:notes.saved'));
    await notes.getByTestId('ticket-note').filter({ hasText: note }).waitFor();
    expect(await sql('select note from ticket_notes where ticket_id = $1', [ticket.id])).toEqual([{ note }]);
    await notes.getByTestId('note-delete').click();
    await waitForText(page, t('en', 'tickets:notes.deleted'));
    await eventually(() => notes.getByTestId('ticket-note').count()).toBe(0);
    expect(await sql('select note from ticket_notes where ticket_id = $1', [ticket.id])).toEqual([]);
  });
});

describe('who may look into a ticket', () => {
  it("shows an admin another agent's ticket read-only with a Close button", async () => {
    const { company, admin } = await createCompanyWithAdmin();
    const { id: whatsappId } = await seedConnection(company.id);
    const agent = await createUser({ companyId: company.id, profile: 'user', name: `Agente ${unique()}` });
    const contact = await seedContact(company.id, `Lucia ${unique().slice(-5)}`);
    const greeting = `Quero mudar meu plano ${unique()}`;
    const ticket = await seedTicket(company.id, {
      contactId: contact.id,
      status: 'open',
      userId: agent.id,
      whatsappId,
      lastMessage: greeting,
    });
    await sql('update tickets set unread_messages = 1 where id = $1', [ticket.id]);

    const page = await browser.newPage({ width: 1280, height: 900 });
    await login(page, admin.email, admin.password);
    await page.goto(appUrl('/tickets'));
    await page.getByTestId('show-all').click();
    await page
      .locator('[data-testid="ticket-list"][data-status="open"]')
      .getByTestId('ticket-row')
      .filter({ hasText: contact.name })
      .click();
    await waitForPath(page, `/tickets/${ticket.uuid}`);

    const peek = page.getByTestId('ticket-peek');
    await peek.waitFor();
    expect(await peek.innerText()).toContain(t('en', 'tickets:peek.readOnly', { name: agent.name }));
    await page.getByTestId('message-bubble').filter({ hasText: greeting }).waitFor();
    for (const hidden of [
      'message-text',
      'message-options',
      'ticket-resolve',
      'ticket-return',
      'ticket-transfer',
    ]) {
      expect(await page.getByTestId(hidden).count(), hidden).toBe(0);
    }
    // Looking does not read the agent's messages for them.
    expect(await sql('select unread_messages from tickets where id = $1', [ticket.id])).toEqual([
      { unread_messages: 1 },
    ]);

    await page.getByTestId('peek-close').click();
    await waitForPath(page, '/tickets');
  });

  it("lets an admin, not an agent, read a pending ticket's messages from its row without accepting it", async () => {
    const { company, admin } = await createCompanyWithAdmin();
    const agent = await createUser({ companyId: company.id, profile: 'user' });
    const queueId = await seedQueue(company.id, `Fila ${unique().slice(-4)}`, '#EF6C00', [agent.id]);
    const contact = await seedContact(company.id, `Aguardando ${unique().slice(-5)}`);
    const question = `Vocês entregam no sábado? ${unique()}`;
    const ticket = await seedTicket(company.id, {
      contactId: contact.id,
      status: 'pending',
      queueId,
      lastMessage: question,
    });
    await sql('update tickets set unread_messages = 1 where id = $1', [ticket.id]);

    const pendingRow = async (page: Page) => {
      await page.goto(appUrl('/tickets'));
      await page.getByTestId('tab-pending').click();
      const row = page
        .locator('[data-testid="ticket-list"][data-status="pending"]')
        .getByTestId('ticket-row')
        .filter({ hasText: contact.name });
      await row.waitFor();
      return row;
    };

    const page = await browser.newPage({ width: 1280, height: 900 });
    await login(page, admin.email, admin.password);
    await (await pendingRow(page)).getByTestId('ticket-peek-open').click();
    const dialog = page.getByTestId('ticket-peek-dialog');
    await dialog.getByTestId('message-bubble').filter({ hasText: question }).waitFor();
    expect(await dialog.getByTestId('message-options').count()).toBe(0);
    await dialog.getByTestId('peek-dialog-close').click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/tickets');
    expect(await sql('select status, unread_messages from tickets where id = $1', [ticket.id])).toEqual([
      { status: 'pending', unread_messages: 1 },
    ]);

    const agentPage = await browser.newPage({ width: 1280, height: 900 });
    await login(agentPage, agent.email, agent.password);
    expect(await (await pendingRow(agentPage)).getByTestId('ticket-peek-open').count()).toBe(0);
  });

  it('refuses an agent a ticket of a queue that is not theirs and goes back to the list', async () => {
    const { company } = await createCompanyWithAdmin();
    const agent = await createUser({ companyId: company.id, profile: 'user' });
    await seedQueue(company.id, `Minha ${unique().slice(-4)}`, '#00838F', [agent.id]);
    const otherQueue = await seedQueue(company.id, `Alheia ${unique().slice(-4)}`, '#AD1457');
    const contact = await seedContact(company.id, `Sigilo ${unique().slice(-5)}`);
    const ticket = await seedTicket(company.id, {
      contactId: contact.id,
      status: 'pending',
      queueId: otherQueue,
      lastMessage: 'Mensagem de outra fila',
    });

    const page = await browser.newPage({ width: 1280, height: 900 });
    // In Portuguese, where the spec words the refusal "Acesso não permitido".
    await page.addInitScript(() => window.localStorage.setItem('language', 'pt'));
    await login(page, agent.email, agent.password);
    await page.goto(appUrl(`/tickets/${ticket.uuid}`));
    const refusal = t('pt', 'tickets:toasts.unauthorized');
    expect(refusal).toContain('Acesso não permitido');
    await waitForText(page, refusal);
    await waitForPath(page, '/tickets');
    expect(await page.getByText('Mensagem de outra fila').count()).toBe(0);
  });
});

describe('ticket list size and widths', () => {
  it('keeps a bounded window of rows while 10,000 tickets scroll by page', async () => {
    const { company, admin } = await createCompanyWithAdmin();
    const { id: whatsappId } = await seedConnection(company.id);
    // Ticket n was active n seconds ago, so the list (newest activity first) runs Lote 00001, 00002, …
    await sql(
      `with contacts_in as (
         insert into contacts (company_id, name, number)
         select $1, 'Lote ' || lpad(n::text, 5, '0'), '5521' || lpad(n::text, 9, '0')
         from generate_series(1, 10000) as n
         returning id, name
       )
       insert into tickets (company_id, status, contact_id, user_id, whatsapp_id, last_message, updated_at)
       select $1, 'open', id, $2, $3, 'Mensagem ' || name,
              now() - substring(name from 6)::int * interval '1 second'
       from contacts_in`,
      [company.id, admin.id, whatsappId],
    );

    const page = await browser.newPage({ width: 1280, height: 900 });
    await login(page, admin.email, admin.password);
    await page.goto(appUrl('/tickets'));
    const list = page.locator('[data-testid="ticket-list"][data-status="open"]');
    const rows = list.getByTestId('ticket-row');
    await rows.filter({ hasText: 'Lote 00001' }).waitFor();

    // The numbers of the rows in the page, top to bottom.
    const shown = async () =>
      (await rows.getByTestId('ticket-contact').allInnerTexts()).map((name) => Number(name.slice(5)));
    const PAGE_SIZE = 40;
    const PAGES = 8;
    const domCounts: number[] = [];
    for (let pageNumber = 2; pageNumber <= PAGES; pageNumber += 1) {
      // At the bottom the list is within 100 px of its end, which loads the next page.
      await eventually(async () => {
        await list.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
        return (await shown()).at(-1) ?? 0;
      }).toBeGreaterThanOrEqual(pageNumber * PAGE_SIZE);
      domCounts.push(await rows.count());
    }

    expect(Math.max(...domCounts)).toBeLessThan(100);
    const visible = await shown();
    // A contiguous window of later tickets, in order; the first ones have left the page.
    expect(visible).toEqual(visible.map((_, index) => visible[0]! + index));
    expect(visible[0]).toBeGreaterThan(PAGE_SIZE * (PAGES - 2));
    expect(await rows.filter({ hasText: 'Lote 00001' }).count()).toBe(0);
    const scroll = await list.evaluate((element) => ({
      top: element.scrollTop,
      height: element.scrollHeight,
    }));
    expect(scroll.height).toBeGreaterThanOrEqual(PAGES * PAGE_SIZE * 60);
    expect(scroll.top).toBeGreaterThan(scroll.height / 2);
  });

  it('fits 1920 px with list and chat side by side and 360 px with two tabs, without sideways scroll', async () => {
    const { company, admin } = await createCompanyWithAdmin();
    const { id: whatsappId } = await seedConnection(company.id);
    const contact = await seedContact(company.id, `Contato Com Um Nome Bem Comprido ${unique()}`);
    const ticket = await seedTicket(company.id, {
      contactId: contact.id,
      status: 'open',
      userId: admin.id,
      whatsappId,
      lastMessage: `Uma mensagem longa ${'sem-espaços-'.repeat(20)}`,
    });

    const wide = await browser.newPage({ width: 1920, height: 1080 });
    await login(wide, admin.email, admin.password);
    await wide.goto(appUrl(`/tickets/${ticket.uuid}`));
    await wide.getByTestId('message-bubble').first().waitFor();
    const manager = await wide.getByTestId('tickets-manager').boundingBox();
    const chat = await wide.getByTestId('conversation').boundingBox();
    expect(manager && chat && manager.x + manager.width <= chat.x).toBe(true);
    expect(chat!.width).toBeGreaterThan(manager!.width * 1.8);
    await expectNoSidewaysScroll(wide);

    const narrow = await browser.newPage({ width: 360, height: 740 });
    await login(narrow, admin.email, admin.password);
    await narrow.goto(appUrl(`/tickets/${ticket.uuid}`));
    await narrow.getByTestId('message-bubble').first().waitFor();
    expect(await narrow.getByTestId('tickets-manager').count()).toBe(0);
    await expectNoSidewaysScroll(narrow);
    await narrow.getByTestId('narrow-tab-tickets').click();
    await narrow
      .getByTestId('ticket-row')
      .filter({ hasText: contact.name.slice(0, 10) })
      .waitFor();
    expect(await narrow.getByTestId('conversation').count()).toBe(0);
    await expectNoSidewaysScroll(narrow);
  });
});

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await horizontalOverflow(page);
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}
