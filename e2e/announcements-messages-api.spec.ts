// Announcements across companies and the messages-API page with its test forms (issue 21; spec 2 sections 2, 5, 6
// and 7; server-behaviour 15 and 16). Every user has a browser context of their own.
import { describe, expect, it } from 'vitest';
import { api, apiToken, pageToken } from './support/api';
import { eventually, horizontalOverflow, login, waitForPath, waitForText } from './support/app';
import { appUrl, useBrowser } from './support/browser';
import { createCompany, createCompanyWithAdmin, createUser, sql, unique } from './support/db';
import { t } from './support/i18n';
import { connectSimulator, customerNumber, SimulatedCustomer } from './support/simulator';
import { bellCount, companyWithout, signedIn } from './support/team';

const browser = useBrowser();

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

    const reader = await signedIn(browser, agent);
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
