// Issue 18 "Kanban board and scheduled messages", done when: in Chromium, a card dragged from "open" to a lane
// and back takes the ticket's tags with it; a schedule made on the calendar turns sent and its message shows in
// the ticket; `/schedules?contactId=` opens the add dialog for that contact (spec 2 sections 2 and 4).
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { horizontalOverflow, login, socketConnected, waitForText } from './support/app';
import { apiToken } from './support/api';
import { appUrl, useBrowser } from './support/browser';
import { createCompanyWithAdmin, sql, unique } from './support/db';
import { t } from './support/i18n';
import { connectSimulator, customerNumber } from './support/simulator';
import { seedContact, seedTicket } from './support/tickets';

const browser = useBrowser();

async function tagIdsOf(ticketId: number): Promise<number[]> {
  const rows = await sql<{ tag_id: number }>(
    'select tag_id from ticket_tags where ticket_id = $1 order by tag_id',
    [ticketId],
  );
  return rows.map((r) => r.tag_id);
}

async function seedTag(companyId: number, name: string, kanban: 0 | 1, color = '#8E24AA'): Promise<number> {
  const [row] = await sql<{ id: number }>(
    'insert into tags (company_id, name, color, kanban) values ($1, $2, $3, $4) returning id',
    [companyId, name, color, kanban],
  );
  if (!row) throw new Error('tag not stored');
  return row.id;
}

/** Drags with the mouse in small steps, as the pointer sensor needs a real move to start a drag. */
async function drag(page: Page, from: Locator, to: Locator): Promise<void> {
  const start = await from.boundingBox();
  const end = await to.boundingBox();
  if (!start || !end) throw new Error('nothing to drag from or to');
  await page.mouse.move(start.x + start.width / 2, start.y + 20);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width / 2 + 10, start.y + 30, { steps: 5 });
  await page.mouse.move(end.x + end.width / 2, end.y + 80, { steps: 15 });
  await page.mouse.up();
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await horizontalOverflow(page);
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

describe('kanban', () => {
  it(
    'moves a card from "open" to a lane and back, and the ticket tags follow',
    { timeout: 180_000 },
    async () => {
      const { company, admin } = await createCompanyWithAdmin();
      const laneName = `Proposta ${unique().slice(-5)}`;
      const lane = await seedTag(company.id, laneName, 1, '#1E88E5');
      const plain = await seedTag(company.id, `VIP ${unique().slice(-5)}`, 0);
      const contact = await seedContact(company.id, `Helena ${unique().slice(-5)}`);
      const ticket = await seedTicket(company.id, {
        contactId: contact.id,
        status: 'pending',
        lastMessage: 'Quero um orçamento',
      });
      await sql('insert into ticket_tags (company_id, ticket_id, tag_id) values ($1, $2, $3)', [
        company.id,
        ticket.id,
        plain,
      ]);
      const page = await browser.newPage({ width: 1920, height: 1080 });
      await login(page, admin.email, admin.password);
      await page.goto(appUrl('/kanban'));
      await socketConnected(page);

      const openLane = page.getByTestId('kanban-lane-open');
      const tagLane = page.getByTestId(`kanban-lane-${lane}`);
      const card = page.getByTestId(`kanban-card-${ticket.id}`);
      await openLane.getByTestId(`kanban-card-${ticket.id}`).waitFor();
      await waitForText(page, laneName);
      expect(await card.textContent()).toContain('Quero um orçamento');
      expect(await card.textContent()).toContain(contact.number);

      await drag(page, card, tagLane);
      await tagLane.getByTestId(`kanban-card-${ticket.id}`).waitFor();
      await expect.poll(() => tagIdsOf(ticket.id)).toEqual([lane, plain].sort((a, b) => a - b));
      await waitForText(page, t('en', 'kanban:toasts.added'));

      await drag(page, page.getByTestId(`kanban-card-${ticket.id}`), openLane);
      await openLane.getByTestId(`kanban-card-${ticket.id}`).waitFor();
      await expect.poll(() => tagIdsOf(ticket.id)).toEqual([plain]);

      // The see-ticket button opens the ticket.
      await page.getByTestId(`kanban-see-${ticket.id}`).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(`/tickets/${ticket.uuid}`);

      const narrow = await browser.newPage({ width: 360, height: 740 });
      await login(narrow, admin.email, admin.password);
      await narrow.goto(appUrl('/kanban'));
      await narrow.getByTestId(`kanban-card-${ticket.id}`).waitFor();
      await expectNoSidewaysScroll(narrow);
    },
  );
});

describe('schedules', () => {
  it(
    'creates a schedule from the calendar that turns sent, with its message in the ticket',
    { timeout: 180_000 },
    async () => {
      const { company, admin } = await createCompanyWithAdmin();
      const token = await apiToken(admin.email, admin.password);
      const connectionId = await connectSimulator(token, { name: `Agenda ${unique()}` });
      const phone = customerNumber();
      const contact = await seedContact(company.id, `Joana Prado ${unique().slice(-4)}`, phone);
      const page = await browser.newPage({ width: 1920, height: 1080 });
      await login(page, admin.email, admin.password);
      await page.goto(appUrl('/schedules'));
      await socketConnected(page);

      await page.getByTestId('schedule-add').click();
      const dialog = page.getByTestId('schedule-dialog');
      await dialog.locator('input[name="contactId"]').fill(contact.name.slice(0, 8));
      await page.getByTestId('schedule-contact-option').first().click();
      await dialog.locator('textarea[name="body"]').fill('Olá , sua consulta está confirmada');
      // The variable helper puts {{firstName}} where the cursor is.
      await dialog
        .locator('textarea[name="body"]')
        .evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(4, 4));
      await dialog.getByTestId('schedule-variable-firstName').click();
      // Due now: the minute that is running, in the user's time zone (the dialog's default one).
      const [user] = await sql<{ time_zone: string }>('select time_zone from users where id = $1', [
        admin.id,
      ]);
      const now = new Intl.DateTimeFormat('sv-SE', {
        timeZone: user?.time_zone || 'America/Sao_Paulo',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })
        .format(new Date())
        .replace(' ', 'T');
      await dialog.getByTestId('schedule-send-at').fill(now);
      await dialog.getByTestId('schedule-save').click();
      await waitForText(page, t('en', 'schedules:toasts.saved'));

      const [stored] = await sql<{ id: number }>('select id from schedules where company_id = $1', [
        company.id,
      ]);
      if (!stored) throw new Error('no schedule stored');
      const event = page.getByTestId(`schedule-event-${stored.id}`);
      await event.waitFor();
      expect(await event.textContent()).toContain(contact.name);
      // The sender runs every 5 s; the calendar hears the -schedule update.
      await expect.poll(() => event.getAttribute('data-status'), { timeout: 60_000 }).toBe('ENVIADA');

      const firstName = contact.name.split(' ')[0] ?? '';
      const text = `Olá ${firstName}, sua consulta está confirmada`;
      await expect
        .poll(
          async () => {
            const rows = await sql<{ body: string }>(
              'select body from simulator_messages where whatsapp_id = $1 and direction = $2',
              [connectionId, 'out'],
            );
            return rows.map((r) => r.body);
          },
          { timeout: 30_000 },
        )
        .toContain(text);

      const [ticket] = await sql<{ uuid: string }>(
        'select t.uuid from schedules s join tickets t on t.id = s.ticket_id where s.id = $1',
        [stored.id],
      );
      if (!ticket) throw new Error('the schedule names no ticket');
      await page.goto(appUrl(`/tickets/${ticket.uuid}`));
      await waitForText(page, text);
      expect(phone).toBe(contact.number);
    },
  );

  it(
    'opens the add dialog for the contact named by ?contactId=, also from the ticket action',
    { timeout: 120_000 },
    async () => {
      const { company, admin } = await createCompanyWithAdmin();
      const contact = await seedContact(company.id, `Caio Lima ${unique().slice(-4)}`);
      const page = await browser.newPage({ width: 360, height: 740 });
      await login(page, admin.email, admin.password);
      await page.goto(appUrl(`/schedules?contactId=${contact.id}`));
      const dialog = page.getByTestId('schedule-dialog');
      await dialog.waitFor();
      await expect.poll(() => dialog.locator('input[name="contactId"]').inputValue()).toBe(contact.name);
      await dialog.locator('textarea[name="body"]').fill('Oi');
      await dialog.getByTestId('schedule-save').click();
      // A message under 5 characters: the spec's text shows and nothing is stored.
      await waitForText(page, 'Mensagem muito curta');
      expect(await sql('select id from schedules where company_id = $1', [company.id])).toEqual([]);
      await page.keyboard.press('Escape');
      await expectNoSidewaysScroll(page);

      const ticket = await seedTicket(company.id, {
        contactId: contact.id,
        status: 'open',
        userId: admin.id,
      });
      await page.setViewportSize({ width: 1920, height: 1080 });
      await page.goto(appUrl(`/tickets/${ticket.uuid}`));
      await page.getByTestId('ticket-schedule').click();
      const fromTicket = page.getByTestId('schedule-dialog');
      await expect.poll(() => fromTicket.locator('input[name="contactId"]').inputValue()).toBe(contact.name);
    },
  );
});
