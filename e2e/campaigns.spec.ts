// Campaigns end to end (issue 19): a contact list imported from an .xlsx with bad rows, checked on WhatsApp by
// the simulator, a campaign with two variants and an attachment scheduled through the dialog, its report's
// progress bar reaching 100 %, and every simulated phone holding exactly one message.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import writeXlsxFile from 'write-excel-file/node';
import { describe, expect, it } from 'vitest';
import { api, apiToken, pageToken } from './support/api';
import { horizontalOverflow, login, socketConnected, waitForText } from './support/app';
import { appUrl, useBrowser } from './support/browser';
import { createCompanyWithAdmin, sql, unique } from './support/db';
import { t } from './support/i18n';
import { connectSimulator, customerNumber } from './support/simulator';

const browser = useBrowser();

interface OutboxItem {
  body: string;
  type: string;
  fileName: string | null;
}

async function sheetFile(
  rows: Array<[string | null, string | number | null, string | null]>,
): Promise<string> {
  const data = [
    ['Nome', 'Número', 'E-mail'].map((value) => ({ value })),
    ...rows.map((row) => row.map((value) => (value === null ? null : { value }))),
  ];
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-sheet-')), 'clientes.xlsx');
  fs.writeFileSync(file, await writeXlsxFile(data).toBuffer());
  return file;
}

describe('campaigns', () => {
  it('imports a list with bad rows, schedules a campaign with two variants and an attachment, and reports 100 %', async () => {
    const { company, admin } = await createCompanyWithAdmin();
    const token = await apiToken(admin.email, admin.password);
    const connectionId = await connectSimulator(token, { name: `Campanhas ${unique().slice(-5)}` });
    // Intervals at 0 so the run takes seconds; the screen offers them too.
    await api(token, 'POST', '/campaign-settings', {
      settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 },
    });
    const people = [
      { name: 'Ana Campanha', number: customerNumber() },
      { name: 'Bruno Campanha', number: customerNumber() },
      { name: 'Carla Campanha', number: customerNumber() },
    ];
    const file = await sheetFile([
      [people[0]!.name, Number(people[0]!.number), 'ana@example.test'],
      ['Sem Número', null, null],
      [people[1]!.name, people[1]!.number, null],
      ['Número Curto', '1234', null],
      [people[2]!.name, people[2]!.number, null],
    ]);

    const page = await browser.newPage({ width: 1920, height: 1080 });
    await login(page, admin.email, admin.password);
    const listsLive = socketConnected(page, 45_000);
    await page.goto(appUrl('/contact-lists'));
    await listsLive;
    await waitForText(page, t('en', 'campaigns:lists.empty'));
    await page.getByTestId('contact-list-add').click();
    const listName = `Clientes ${unique().slice(-5)}`;
    await page.getByTestId('contact-list-dialog').locator('input[name="name"]').fill(listName);
    await page.getByTestId('contact-list-dialog').locator('button[type="submit"]').click();
    await waitForText(page, t('en', 'campaigns:lists.saved'));
    await page.getByTestId('contact-list-open').click();
    await waitForText(page, t('en', 'campaigns:items.title', { name: listName }));

    await page.getByTestId('contact-list-import').click();
    const dialog = page.getByTestId('contact-list-import-dialog');
    await waitForText(page, t('en', 'campaigns:items.importConfirm'));
    await dialog.getByTestId('contact-list-import-file').setInputFiles(file);
    await dialog.getByTestId('contact-list-import-count').waitFor({ timeout: 30_000 });
    expect(await dialog.getByTestId('contact-list-import-count').innerText()).toContain(
      t('en', 'campaigns:items.imported', { count: 3 }),
    );
    const errors = await dialog.getByTestId('contact-list-import-errors').innerText();
    expect(errors).toContain('Sem Número');
    expect(errors).toContain('Número Curto');
    await dialog.getByRole('button', { name: t('en', 'campaigns:items.close') }).click();
    // The simulator answers the WhatsApp check: the three items are valid, and their icons turn green live.
    await expect
      .poll(
        async () =>
          (
            await sql<{ n: number }>(
              'select count(*)::int as n from contact_list_items where company_id = $1 and is_whatsapp_valid',
              [company.id],
            )
          )[0]?.n,
        { timeout: 60_000 },
      )
      .toBe(3);
    await expect
      .poll(() => page.locator('[data-testid="contact-list-item-row"][data-valid="true"]').count(), {
        timeout: 30_000,
      })
      .toBe(3);

    const campaignsLive = socketConnected(page, 45_000);
    await page.goto(appUrl('/campaigns'));
    await campaignsLive;
    await waitForText(page, t('en', 'campaigns:campaigns.empty'));
    await page.getByTestId('campaign-add').click();
    const form = page.getByTestId('campaign-dialog');
    await form.getByTestId('campaign-name').fill('Promoção e2e');
    await form.getByRole('combobox', { name: t('en', 'campaigns:dialog.contactList') }).click();
    await page.getByRole('option', { name: listName }).click();
    await form.getByTestId('campaign-message-1').fill('Oi {nome}, a promoção começou!');
    await form.getByTestId('campaign-tab-2').click();
    await form.getByTestId('campaign-message-2').fill('{nome}, temos novidades para você');
    await form.getByTestId('campaign-media').setInputFiles({
      name: 'promo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('89504e470d0a1a0a', 'hex'),
    });
    // Scheduled for the current minute: already due, so the start sweep takes it at once.
    // In the browser's own time zone, as the datetime field reads it.
    const local = await page.evaluate(() => {
      const now = new Date();
      return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    });
    await form.getByTestId('campaign-scheduled-at').fill(local);
    await form.getByTestId('campaign-save').click();
    await waitForText(page, t('en', 'campaigns:campaigns.saved'));

    await page.getByTestId('campaign-report').click();
    await waitForText(page, t('en', 'campaigns:report.title', { name: 'Promoção e2e' }));
    await expect
      .poll(
        async () =>
          (
            await sql<{ status: string }>('select status from campaigns where company_id = $1', [company.id])
          )[0]?.status,
        { timeout: 60_000 },
      )
      .toBe('FINALIZADA');
    await expect
      .poll(() => page.getByTestId('campaign-progress-text').innerText(), { timeout: 60_000 })
      .toBe('100%');
    await waitForText(page, t('en', 'campaigns:campaigns.statuses.FINALIZADA'), 20_000);

    const apiAfter = await pageToken(page);
    for (const person of people) {
      const received = await api<OutboxItem[]>(
        apiAfter,
        'GET',
        `/simulator/connections/${connectionId}/outbox?to=${person.number}`,
      );
      expect(received).toHaveLength(1);
      expect(received[0]?.type).toBe('image');
      expect([
        `Oi ${person.name}, a promoção começou!`,
        `${person.name}, temos novidades para você`,
      ]).toContain(received[0]?.body);
    }
    const [campaign] = await sql<{ status: string; media_name: string }>(
      'select status, media_name from campaigns where company_id = $1',
      [company.id],
    );
    expect(campaign).toEqual({ status: 'FINALIZADA', media_name: 'promo.png' });

    // The report fits a phone's width.
    await page.setViewportSize({ width: 360, height: 740 });
    const { scrollWidth, innerWidth } = await horizontalOverflow(page);
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  });
});
