// Internal chat between two agents, announcements across companies and the messages-API test form (issue 21;
// spec 2 sections 2, 5, 6 and 7; server-behaviour 15, 15.1 and 16). Every agent has a browser context of its own.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, apiToken, pageToken } from './support/api';
import {
  eventually,
  horizontalOverflow,
  login,
  socketConnected,
  waitForPath,
  waitForText,
} from './support/app';
import { appUrl, useBrowser } from './support/browser';
import { createCompany, createCompanyWithAdmin, createUser, sql, unique } from './support/db';
import { t } from './support/i18n';
import { connectSimulator, customerNumber, SimulatedCustomer } from './support/simulator';

const browser = useBrowser();

/** The number on a top-bar bell's badge (0 when the badge is hidden). */
async function bellCount(page: Page, testId: string): Promise<number> {
  const badge = page.locator(`[data-testid="${testId}"] .MuiBadge-badge`);
  if ((await badge.count()) === 0) return 0;
  if (await badge.evaluate((el) => el.classList.contains('MuiBadge-invisible'))) return 0;
  return Number((await badge.textContent()) ?? '0');
}

/** A signed-in page whose socket has joined, so live events from now on reach it (a busy machine gets 30 s). */
async function signedIn(email: string, password: string, width = 1600, height = 900): Promise<Page> {
  const page = await browser.newPage({ width, height });
  await Promise.all([socketConnected(page, 30_000), login(page, email, password)]);
  return page;
}

async function unreadsOf(userId: number, chatTitle: string): Promise<number> {
  const [row] = await sql<{ unreads: number }>(
    `select cu.unreads from chat_users cu join chats c on c.id = cu.chat_id where cu.user_id = $1 and c.title = $2`,
    [userId, chatTitle],
  );
  return row?.unreads ?? -1;
}

/** A company on a plan of its own with one feature flag off. */
async function companyWithout(flag: 'use_external_api' | 'use_internal_chat') {
  const company = await createCompany();
  const [plan] = await sql<{ id: number }>(
    `insert into plans (name, users, connections, queues, value, ${flag}) values ($1, 10, 10, 10, 30, false)
     returning id`,
    [`Sem ${flag} ${unique()}`],
  );
  await sql('update companies set plan_id = $1 where id = $2', [plan!.id, company.id]);
  return company;
}

describe('internal chat', () => {
  it('A starts a chat with B, B sees it live and replies, and A clears the unread count by reading', async () => {
    const company = await createCompany();
    const ana = await createUser({
      companyId: company.id,
      profile: 'admin',
      name: `Ana ${unique().slice(-4)}`,
    });
    const bruno = await createUser({
      companyId: company.id,
      profile: 'user',
      name: `Bruno ${unique().slice(-4)}`,
    });
    const title = `Plantão ${unique().slice(-5)}`;

    const a = await signedIn(ana.email, ana.password);
    const b = await signedIn(bruno.email, bruno.password);
    await a.goto(appUrl('/chats'));
    await waitForText(a, t('en', 'chats:empty'));

    // The dialog's alerts: a title is required, then at least one user.
    await a.getByTestId('chat-add').click();
    const dialog = a.getByTestId('chat-dialog');
    await dialog.getByTestId('chat-save').click();
    await waitForText(a, t('en', 'chats:dialog.fillTitle'));
    await a.getByTestId('chat-alert').getByRole('button').click();
    await dialog.locator('input[name="title"]').fill(title);
    await dialog.getByTestId('chat-save').click();
    await waitForText(a, t('en', 'chats:dialog.fillUsers'));
    await a.getByTestId('chat-alert').getByRole('button').click();
    await dialog.getByTestId('chat-users-input').fill(bruno.name.slice(0, 5));
    await a.getByRole('option', { name: bruno.name }).click();
    await dialog.getByTestId('chat-save').click();
    await waitForPath(a, /^\/chats\/[0-9a-f-]{36}$/);
    await expect.poll(() => a.getByTestId('chat-title').textContent()).toBe(title);

    // A blank message is not sent; Enter sends.
    const input = a.getByTestId('chat-input');
    await input.fill('   ');
    await input.press('Enter');
    await input.fill('Bom dia, pode cobrir o turno?');
    await input.press('Enter');
    await a.getByTestId('chat-message').filter({ hasText: 'Bom dia, pode cobrir o turno?' }).waitFor();
    expect(
      await sql('select message from chat_messages m join chats c on c.id = m.chat_id where c.title = $1', [
        title,
      ]),
    ).toEqual([{ message: 'Bom dia, pode cobrir o turno?' }]);

    // B, elsewhere in the app, gets the drawer's dot and the bell's count live.
    await b.getByTestId('drawer-badge-chats').waitFor();
    await eventually(() => bellCount(b, 'chats-button')).toBe(1);
    await b.getByTestId('chats-button').click();
    await b.getByRole('button', { name: title }).click();
    await waitForPath(b, /^\/chats\/[0-9a-f-]{36}$/);
    await b.getByTestId('chat-message').filter({ hasText: 'Bom dia, pode cobrir o turno?' }).waitFor();
    await eventually(() => unreadsOf(bruno.id, title)).toBe(0);
    await eventually(() => bellCount(b, 'chats-button')).toBe(0);
    expect(await b.getByTestId('drawer-badge-chats').count()).toBe(0);
    // Only the owner edits and deletes.
    expect(await b.getByTestId('chat-edit').count()).toBe(0);

    // A leaves the chat; B's reply makes A's count go up, and opening the chat clears it.
    await a.goto(appUrl('/tickets'));
    await a.getByTestId('app-drawer').waitFor({ state: 'attached' });
    await b.getByTestId('chat-input').fill('Posso sim!');
    await b.getByTestId('chat-send').click();
    await eventually(() => bellCount(a, 'chats-button')).toBe(1);
    expect(await unreadsOf(ana.id, title)).toBe(1);
    await a.getByTestId('drawer-badge-chats').waitFor();
    await a.goto(appUrl('/chats'));
    const row = a.getByTestId('chat-row').filter({ hasText: title });
    expect(await row.getByTestId('chat-unreads').textContent()).toBe('1');
    await row.getByRole('button', { name: title }).click();
    await a.getByTestId('chat-message').filter({ hasText: 'Posso sim!' }).waitFor();
    await eventually(() => unreadsOf(ana.id, title)).toBe(0);
    await eventually(() => bellCount(a, 'chats-button')).toBe(0);
    expect(await row.getByTestId('chat-unreads').count()).toBe(0);

    // And it arrives live while the chat is open.
    await b.getByTestId('chat-input').fill('Chego às 14h.');
    await b.getByTestId('chat-input').press('Enter');
    await a.getByTestId('chat-message').filter({ hasText: 'Chego às 14h.' }).waitFor();
    await eventually(() => unreadsOf(ana.id, title)).toBe(0);
  });

  it('is hidden and refused when the plan has no internal chat', async () => {
    const company = await companyWithout('use_internal_chat');
    const admin = await createUser({ companyId: company.id, profile: 'admin' });
    const page = await browser.newPage({ width: 1280, height: 800 });
    await login(page, admin.email, admin.password);
    expect(await page.locator('a[href="/chats"]').count()).toBe(0);
    await page.goto(appUrl('/chats'));
    await waitForText(page, t('en', 'common:toasts.noPermissionRedirect'));
    await waitForPath(page, '/');
  });

  it('shows the chat list and the messages as two tabs at 360 px, without sideways scrolling', async () => {
    const { company, admin } = await createCompanyWithAdmin();
    const other = await createUser({ companyId: company.id, profile: 'user' });
    const token = await apiToken(admin.email, admin.password);
    const chat = await api<{ uuid: string }>(token, 'POST', '/chats', {
      title: 'Celular',
      users: [other.id],
    });
    await api(token, 'POST', `/chats/${chat.uuid}/messages`, { message: 'Mensagem no celular' });

    const page = await browser.newPage({ width: 360, height: 740 });
    await login(page, admin.email, admin.password);
    await page.goto(appUrl(`/chats/${chat.uuid}`));
    await page.getByTestId('chat-message').filter({ hasText: 'Mensagem no celular' }).waitFor();
    await page.getByTestId('chat-tab-chats').click();
    await page.getByTestId('chat-row').filter({ hasText: 'Celular' }).waitFor();
    const { scrollWidth, innerWidth } = await horizontalOverflow(page);
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  });
});

// 1×1 transparent PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe('announcements', () => {
  it('a super user publishes an announcement with an image, and an agent of another company sees it in the bell', async () => {
    const { admin: chief } = await createCompanyWithAdmin();
    await sql('update users set super = true where id = $1', [chief.id]);
    const elsewhere = await createCompany();
    const agent = await createUser({ companyId: elsewhere.id, profile: 'user' });
    const title = `Manutenção ${unique().slice(-5)}`;

    const reader = await signedIn(agent.email, agent.password);
    const before = await bellCount(reader, 'announcements-button');
    const writer = await browser.newPage({ width: 1600, height: 900 });
    await login(writer, chief.email, chief.password);
    await writer.goto(appUrl('/announcements'));
    await writer.getByTestId('announcement-add').click();
    const dialog = writer.getByTestId('announcement-dialog');
    await dialog.getByTestId('announcement-save').click();
    await waitForText(writer, t('en', 'validation:required'));
    await dialog.locator('input[name="title"]').fill(title);
    await dialog.locator('textarea[name="text"]').fill('O sistema para às 22h de sábado.');
    await dialog
      .getByTestId('attachment-input')
      .setInputFiles({ name: 'aviso.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByTestId('announcement-save').click();
    await waitForText(writer, t('en', 'announcements:toasts.saved'));
    const row = writer.getByTestId('announcement-row').filter({ hasText: title });
    await row.waitFor();
    expect(await row.textContent()).toContain(t('en', 'announcements:priority.3'));
    expect(await row.textContent()).toContain('aviso.png');

    // Live, in another company: the bell counts it and the viewer shows its text and image.
    await eventually(() => bellCount(reader, 'announcements-button')).toBe(before + 1);
    await reader.getByTestId('announcements-button').click();
    await reader.getByRole('button', { name: new RegExp(title) }).click();
    await waitForText(reader, 'O sistema para às 22h de sábado.');
    const image = reader.getByRole('dialog').locator('img');
    await eventually(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(
      1,
    );
  });

  it('sends a user who is not super home with the info toast', async () => {
    const { admin } = await createCompanyWithAdmin();
    const page = await browser.newPage({ width: 1280, height: 800 });
    await login(page, admin.email, admin.password);
    await page.goto(appUrl('/announcements'));
    await waitForText(page, t('en', 'common:toasts.announcementsSuperOnly'));
    await waitForPath(page, '/');
  });
});

describe('messages API page', () => {
  it('sends a company whose plan lacks the external API home with the unauthorized toast', async () => {
    const company = await companyWithout('use_external_api');
    const admin = await createUser({ companyId: company.id, profile: 'admin' });
    const page = await browser.newPage({ width: 1280, height: 800 });
    await login(page, admin.email, admin.password);
    expect(await page.locator('a[href="/messages-api"]').count()).toBe(0);
    await page.goto(appUrl('/messages-api'));
    await waitForText(page, t('en', 'common:toasts.unauthorized'));
    await waitForPath(page, '/');
  });

  it('fits a 360 px screen, as does the announcements page', async () => {
    const { admin } = await createCompanyWithAdmin();
    await sql('update users set super = true where id = $1', [admin.id]);
    const page = await browser.newPage({ width: 360, height: 740 });
    await login(page, admin.email, admin.password);
    for (const path of ['/messages-api', '/announcements']) {
      await page.goto(appUrl(path));
      await page.getByTestId(path === '/messages-api' ? 'api-media-form' : 'announcement-add').waitFor();
      const { scrollWidth, innerWidth } = await horizontalOverflow(page);
      expect({ path, scrollWidth }).toEqual({ path, scrollWidth: Math.min(scrollWidth, innerWidth) });
    }
  });

  it('documents the call with this server address, and its test forms send a text and a file that reach the phone', async () => {
    const { company, admin } = await createCompanyWithAdmin();
    const token = await apiToken(admin.email, admin.password);
    const connectionId = await connectSimulator(token, { name: `API ${unique().slice(-5)}` });
    const { token: connectionToken } = await api<{ token: string }>(
      token,
      'GET',
      `/whatsapp/${connectionId}`,
    );
    const number = customerNumber();

    const page = await browser.newPage({ width: 1920, height: 1080 });
    await login(page, admin.email, admin.password);
    // The browser login ended the API session: read the phone with the page's own token.
    const customer = new SimulatedCustomer(await pageToken(page), connectionId, number, 'Cliente API');
    await page.goto(appUrl('/messages-api'));
    const base = new URL(appUrl('/')).origin;
    expect(await page.getByTestId('api-curl').textContent()).toContain(`${base}/api/messages/send`);
    expect(await page.getByTestId('api-docs-link').getAttribute('href')).toBe('/docs');

    // Required fields first; nothing is sent.
    await page.getByTestId('api-text-send').click();
    await waitForText(page, t('en', 'validation:required'));
    await page.getByTestId('api-text-token').fill(connectionToken);
    await page.getByTestId('api-text-number').fill(number);
    await page.getByTestId('api-text-body').fill('Seu pedido saiu para entrega');
    await page.getByTestId('api-text-send').click();
    await eventually(() => page.getByTestId('api-text-answer').textContent()).toContain('Mensagem enviada');
    expect(await customer.nextReplies(1)).toEqual(['Seu pedido saiu para entrega']);

    await page.getByTestId('api-media-token').fill(connectionToken);
    await page.getByTestId('api-media-number').fill(number);
    await page.getByTestId('api-media-file').setInputFiles({
      name: 'boleto.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4 boleto'),
    });
    await page.getByTestId('api-media-send').click();
    await eventually(() => page.getByTestId('api-media-answer').textContent()).toContain('Mensagem enviada');
    await customer.nextReplies(1);
    const stored = await sql<{ media_name: string; origin: string }>(
      `select m.media_name, m.origin from messages m join contacts c on c.id = m.contact_id
        where c.company_id = $1 and c.number = $2 and m.media_name is not null`,
      [company.id, number],
    );
    expect(stored).toEqual([{ media_name: 'boleto.pdf', origin: 'api' }]);

    // A wrong token shows the refusal and keeps the staff session.
    await page.getByTestId('api-text-token').fill('not-a-token');
    await page.getByTestId('api-text-send').click();
    await eventually(() => page.getByTestId('api-text-answer').textContent()).toContain(
      'ERR_INVALID_API_TOKEN',
    );
    await page.goto(appUrl('/messages-api'));
    await page.getByTestId('api-text-form').waitFor();
  });
});
