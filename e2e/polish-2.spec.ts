// Issue 23 items 4–7 and the accessibility pass, where a new user tripped: the 360 px layout, starting a ticket
// from the contacts page, readable media in the bubbles, the favicon, deleting a ticket, logging out. One admin
// signs in once for the whole file (a shared page, resized per test); the customer side is the simulator.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chooseOption, eventually, htmlState, login, recordRequests, waitForPath } from './support/app';
import { api, pageToken } from './support/api';
import { seriousViolations } from './support/axe';
import { appUrl, pathOf, useBrowser } from './support/browser';
import { createCompanyWithAdmin, createUser, sql, type TestCompany, type TestUser } from './support/db';
import { solidPng } from './support/png';
import { connectSimulator, customerNumber } from './support/simulator';
import { seedContact, seedQueue, seedTicket } from './support/tickets';

const browser = useBrowser();

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1920, height: 1080 };

interface Session {
  page: Page;
  token: string;
  company: TestCompany;
  admin: TestUser;
  connectionId: number;
  queueId: number;
}

let session: Promise<Session> | undefined;

/** The file's admin, signed in once on the shared page, with a connected simulator and one queue. */
function signedIn(): Promise<Session> {
  session ??= (async () => {
    const { company, admin } = await createCompanyWithAdmin();
    const page = await browser.sharedPage(DESKTOP);
    page.setDefaultTimeout(30_000);
    await login(page, admin.email, admin.password);
    const token = await pageToken(page);
    const connectionId = await connectSimulator(token, { name: 'Atendimento' });
    const queueId = await seedQueue(company.id, 'Financeiro', '#1273DE', [admin.id]);
    return { page, token, company, admin, connectionId, queueId };
  })();
  return session;
}

/** An open ticket of a new contact, held by the admin on the simulator connection, opened in the page. */
async function openTicket(s: Session, name: string, lastMessage = 'Olá, preciso de ajuda') {
  const contact = await seedContact(s.company.id, name, customerNumber());
  const ticket = await seedTicket(s.company.id, {
    contactId: contact.id,
    status: 'open',
    userId: s.admin.id,
    whatsappId: s.connectionId,
    queueId: s.queueId,
    lastMessage,
  });
  await s.page.goto(appUrl(`/tickets/${ticket.uuid}`));
  await s.page.getByTestId('ticket-header').waitFor();
  return { contact, ticket };
}

/** Whether the element's centre is on screen and the element itself (not a cover, not a clip) is hit there. */
function reachable(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    if (box.width === 0 || x < 0 || x > window.innerWidth || y < 0 || y > window.innerHeight) return false;
    const hit = document.elementFromPoint(x, y);
    return hit !== null && element.contains(hit);
  });
}

/** The search box's placeholder against the room its input leaves for text (both in px). */
function placeholderFit(page: Page): Promise<{ placeholder: string; text: number; room: number }> {
  return page.locator('input[name="searchParam"]').evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d');
    if (!context) throw new Error('no canvas');
    context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    return {
      placeholder: input.placeholder,
      text: context.measureText(input.placeholder).width,
      room: input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
    };
  });
}

/** WCAG contrast of an element's text against the first opaque background behind it. */
function textContrast(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const rgba = (css: string) => {
      const parts =
        /rgba?\(([^)]+)\)/
          .exec(css)?.[1]
          ?.split(',')
          .map((part) => parseFloat(part)) ?? [];
      const [r = 0, g = 0, b = 0, a = 1] = parts;
      return { r, g, b, a };
    };
    let node: Element | null = element;
    let background = { r: 255, g: 255, b: 255, a: 1 };
    while (node) {
      const colour = rgba(getComputedStyle(node).backgroundColor);
      if (colour.a > 0.99) {
        background = colour;
        break;
      }
      node = node.parentElement;
    }
    const text = rgba(getComputedStyle(element).color);
    const blend = (channel: 'r' | 'g' | 'b') => text[channel] * text.a + background[channel] * (1 - text.a);
    const luminance = (c: { r: number; g: number; b: number }) => {
      const linear = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b);
    };
    const fore = luminance({ r: blend('r'), g: blend('g'), b: blend('b') });
    const back = luminance(background);
    return (Math.max(fore, back) + 0.05) / (Math.min(fore, back) + 0.05);
  });
}

/** Sends files from the conversation's attach input. */
async function sendFile(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.locator('input[type="file"][name="medias"]').setInputFiles(file);
  await page.getByTestId('selected-files').getByText(file.name).waitFor();
  await page.getByTestId('send-button').click();
}

const ourBubbles = (page: Page) => page.locator('[data-testid="message-bubble"][data-from-me="true"]');

describe('issue 23 item 4: at 360 px', () => {
  it('keeps the top bar on one row, search placeholders whole, connection actions, attendants and the chat header in reach', async () => {
    const s = await signedIn();
    const { page } = s;
    await page.setViewportSize(PHONE);
    await api(s.token, 'POST', '/whatsapp', {
      name: 'Filial com um nome bem comprido',
      provider: 'simulator',
    });

    // The top bar: one row, the secondary controls in a menu (the language is switched there).
    await page.goto(appUrl('/contacts'));
    const toggle = await page.getByTestId('drawer-toggle').boundingBox();
    const account = await page.getByTestId('user-menu-button').boundingBox();
    expect(
      Math.abs((toggle?.y ?? 0) + (toggle?.height ?? 0) / 2 - (account?.y ?? 0) - (account?.height ?? 0) / 2),
    ).toBeLessThan(4);
    expect((await page.locator('header').first().boundingBox())?.height).toBeLessThanOrEqual(64);
    await page.getByTestId('topbar-more').click();
    await page.getByTestId('language-option-pt').click();
    await eventually(async () => (await htmlState(page)).lang).toBe('pt');

    // Search placeholders in Portuguese (the longest of the three languages here) are not cut.
    for (const path of ['/contacts', '/tags', '/quick-messages', '/users']) {
      await page.goto(appUrl(path));
      await page.locator('input[name="searchParam"]').waitFor();
      const fit = await placeholderFit(page);
      expect(fit.text, `${path}: "${fit.placeholder}" in ${fit.room} px`).toBeLessThanOrEqual(fit.room);
    }

    // Every connection's edit and delete stay on screen, not behind a sideways scroll.
    await page.goto(appUrl('/connections'));
    const rows = page.getByTestId('connection-row');
    await eventually(() => rows.count()).toBe(2);
    for (const testId of ['connection-edit', 'connection-delete']) {
      for (let i = 0; i < 2; i++) {
        expect(await reachable(rows.nth(i).getByTestId(testId)), `${testId} of row ${i + 1}`).toBe(true);
      }
    }

    // The dashboard's attendants table fits its card.
    await page.goto(appUrl('/'));
    const attendants = page.getByTestId('dashboard-attendants');
    await attendants.getByTestId('attendant-row').first().waitFor();
    const widths = await attendants.evaluate((table) => ({
      table: table.scrollWidth,
      card: table.parentElement?.clientWidth ?? 0,
    }));
    expect(widths.table).toBeLessThanOrEqual(widths.card);

    // The chat header shows the contact's whole name and number.
    const { contact } = await openTicket(s, 'Maria Aparecida');
    const name = page.getByTestId('ticket-header-name');
    expect(await name.innerText()).toBe(contact.name);
    expect(await reachable(name)).toBe(true);
    expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await page.getByTestId('ticket-header-number').innerText()).toContain(contact.number);
    expect(await reachable(page.getByTestId('ticket-header-number'))).toBe(true);

    await page.getByTestId('topbar-more').click();
    await page.getByTestId('language-option-en').click();
    await eventually(async () => (await htmlState(page)).lang).toBe('en');
  });
});

describe('issue 23 item 5: contacts → start ticket', () => {
  it('opens the new-ticket dialog with the contact filled in, then the chosen queue and connection', async () => {
    const s = await signedIn();
    const { page } = s;
    await page.setViewportSize(DESKTOP);
    const contact = await seedContact(s.company.id, 'Joana Início');

    await page.goto(appUrl('/contacts'));
    await page
      .getByTestId('contact-row')
      .filter({ hasText: contact.name })
      .getByTestId('contact-start-ticket')
      .click();
    const dialog = page.getByTestId('new-ticket-dialog');
    await dialog.waitFor();
    expect(await dialog.locator('input[name="contactId"]').inputValue()).toBe(contact.name);
    expect(pathOf(page)).toBe('/contacts');

    await chooseOption(page, 'queueId', 'Financeiro');
    await chooseOption(page, 'whatsappId', 'Atendimento');
    await dialog.getByTestId('new-ticket-save').click();
    await waitForPath(page, /^\/tickets\/.+/);
    const uuid = pathOf(page).split('/').pop() ?? '';
    const [ticket] = await sql(
      'select contact_id, queue_id, whatsapp_id, user_id, status from tickets where uuid = $1',
      [uuid],
    );
    expect(ticket).toEqual({
      contact_id: contact.id,
      queue_id: s.queueId,
      whatsapp_id: s.connectionId,
      user_id: s.admin.id,
      status: 'open',
    });
    await eventually(() => page.getByTestId('ticket-header-name').innerText()).toBe(contact.name);
  });
});

describe('issue 23 item 6: readable media', () => {
  it('shows an outgoing document name legibly in both themes and an image as a thumbnail with a full-size viewer', async () => {
    const s = await signedIn();
    const { page } = s;
    await page.setViewportSize(DESKTOP);
    await openTicket(s, 'Bruno Mídia');

    await sendFile(page, {
      name: 'relatorio-mensal.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
    });
    const document = ourBubbles(page).locator('a', { hasText: 'relatorio-mensal.pdf' });
    await document.waitFor();
    expect(await textContrast(document)).toBeGreaterThanOrEqual(4.5);
    await page.getByTestId('theme-toggle').click();
    await eventually(async () => (await htmlState(page)).theme).toBe('dark');
    expect(await textContrast(document)).toBeGreaterThanOrEqual(4.5);
    await page.getByTestId('theme-toggle').click();
    await eventually(async () => (await htmlState(page)).theme).toBe('light');

    await sendFile(page, {
      name: 'paisagem.png',
      mimeType: 'image/png',
      buffer: solidPng(800, 600, [30, 120, 60]),
    });
    const image = ourBubbles(page).getByTestId('message-image');
    await eventually(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800);
    const thumbnail = await image.boundingBox();
    expect(thumbnail?.width).toBeLessThanOrEqual(240);
    expect(thumbnail?.height).toBeLessThanOrEqual(240);
    // The picture fills its bubble: no empty frame around it.
    const bubble = await ourBubbles(page)
      .filter({ has: page.getByTestId('message-image') })
      .boundingBox();
    const gaps = {
      left: (thumbnail?.x ?? 0) - (bubble?.x ?? 0),
      right: (bubble?.x ?? 0) + (bubble?.width ?? 0) - (thumbnail?.x ?? 0) - (thumbnail?.width ?? 0),
      top: (thumbnail?.y ?? 0) - (bubble?.y ?? 0),
    };
    for (const [side, gap] of Object.entries(gaps)) expect(gap, side).toBeLessThanOrEqual(6);

    // The viewer shows the picture at its own size, without a frame; Escape closes it.
    await image.click();
    const full = page.getByRole('dialog').locator('img');
    await full.waitFor();
    await eventually(async () => (await full.boundingBox())?.width).toBe(800);
    expect((await full.boundingBox())?.height).toBe(600);
    expect(await full.evaluate((img) => getComputedStyle(img.parentElement ?? img).backgroundColor)).toBe(
      'rgba(0, 0, 0, 0)',
    );
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });
});

describe('issue 23 item 7: small things', () => {
  it('serves /favicon.ico and links it from the page', async () => {
    const { page } = await signedIn();
    const icon = await page.request.get(appUrl('/favicon.ico'));
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toMatch(/icon/);
    expect([...(await icon.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe('/favicon.ico');
  });

  it('deletes a ticket without asking the server for it again', async () => {
    const s = await signedIn();
    const { page } = s;
    await page.setViewportSize(DESKTOP);
    const { ticket } = await openTicket(s, 'Carla Apagar');
    const seen = recordRequests(page);
    await page.getByTestId('ticket-delete').click();
    await page.getByTestId('confirm-button').click();
    await waitForPath(page, '/tickets');
    await eventually(() => seen.filter((r) => r.method === 'DELETE').length).toBe(1);
    // Late requests (a live event, a refetch) would come within this time.
    await page.waitForTimeout(2000);
    const aboutIt = seen.filter(
      (r) =>
        r.path.includes(ticket.uuid) ||
        r.path.startsWith(`/messages/${ticket.id}`) ||
        r.path.startsWith(`/tickets/${ticket.id}`),
    );
    expect(aboutIt).toEqual([{ method: 'DELETE', path: `/tickets/${ticket.id}` }]);
  });

  it('shows an agent who logs out as offline on the dashboard at once', async () => {
    const s = await signedIn();
    const { page } = s;
    await page.setViewportSize(DESKTOP);
    const agent = await createUser({ companyId: s.company.id, profile: 'user', name: 'Agente Saída' });
    const agentPage = await browser.newPage();
    await login(agentPage, agent.email, agent.password);

    await page.goto(appUrl('/'));
    const dot = page.getByTestId('attendant-row').filter({ hasText: agent.name }).locator('[data-online]');
    await eventually(() => dot.getAttribute('data-online')).toBe('true');
    const seen = recordRequests(page);

    await agentPage.getByTestId('user-menu-button').click();
    await agentPage.getByTestId('logout-button').click();
    await waitForPath(agentPage, '/login');
    await eventually(() => dot.getAttribute('data-online')).toBe('false');
    // Live, not by reading the dashboard again.
    expect(seen.filter((r) => r.path === '/dashboard')).toEqual([]);
  });
});

describe('issue 23: axe-core', () => {
  it.each([DESKTOP, PHONE])(
    'finds no critical or serious violation on login, tickets (open and pending), contacts, users, queues and settings at $width px',
    async (size) => {
      const s = await signedIn();
      const { page } = s;
      const found: string[] = [];
      const check = async (target: Page, name: string) =>
        found.push(...(await seriousViolations(target)).map((line) => `${name}: ${line}`));

      const visitor = await browser.newPage(size);
      await visitor.goto(appUrl('/login'));
      await visitor.getByTestId('login-form').waitFor();
      await check(visitor, 'login');

      await page.setViewportSize(size);
      const waiting = await seedContact(s.company.id, `Paulo Pendente ${size.width}`);
      await seedTicket(s.company.id, { contactId: waiting.id, status: 'pending', lastMessage: 'Oi' });
      await openTicket(s, `Ana Acessível ${size.width}`);
      await page.getByTestId('message-bubble').first().waitFor();
      await check(page, 'tickets');
      // The pending list too: rows that are accepted, not opened, with their accept buttons.
      if (size.width < 900) await page.getByTestId('narrow-tab-tickets').click();
      await page.getByTestId('tab-pending').click();
      // (Phones show a shortened name: the row is found by its status.)
      await page
        .locator('[data-testid="ticket-row"][data-status="pending"]')
        .getByTestId('ticket-accept')
        .first()
        .waitFor();
      await check(page, 'tickets, pending');
      const pages: [string, (p: Page) => Locator][] = [
        ['/contacts', (p) => p.getByTestId('contact-row').first()],
        ['/users', (p) => p.getByTestId('user-row').first()],
        ['/queues', (p) => p.getByTestId('queue-row').first()],
        ['/settings', (p) => p.locator('select[name="userRating"]')],
      ];
      for (const [path, ready] of pages) {
        await page.goto(appUrl(path));
        await ready(page).waitFor();
        await check(page, path);
      }
      expect(found).toEqual([]);
    },
  );
});
