// Contacts import and export (spec 2 sections 2, 5 and 7; server-behaviour 11): a real 1,000-row .xlsx built
// here goes through the import dialog (read in the browser, posted in chunks behind a progress bar), its bad
// rows show in the error list, and the CSV export brings every imported row back; then the phone's contacts
// come in from a simulator connection whose linked phone shared its address book.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import writeXlsxFile from 'write-excel-file/node';
import { describe, expect, it } from 'vitest';
import { apiToken } from './support/api';
import { bodyText, login, recordRequests, waitForText } from './support/app';
import { appUrl, resultsDir, useBrowser } from './support/browser';
import { createCompanyWithAdmin, sql, unique } from './support/db';
import { t } from './support/i18n';
import { connectSimulator } from './support/simulator';

const browser = useBrowser();

interface SheetRow {
  name: string;
  number: string | number;
  email: string;
}

/** 1,000 rows: 980 good ones (some numbers typed as numbers, one name with the CSV separator) and 20 bad ones. */
function thousandRows(): { rows: SheetRow[]; good: SheetRow[]; bad: Record<string, string> } {
  const good: SheetRow[] = Array.from({ length: 980 }, (_, i) => ({
    name: i === 7 ? 'Silva; Maria' : `Planilha ${i}`,
    number: i % 3 === 0 ? 5511900000000 + i : `55 11 9${String(i).padStart(8, '0')}`,
    email: i % 2 === 0 ? `planilha${i}@example.test` : '',
  }));
  const without = Array.from({ length: 10 }, (_, k) => ({ name: `Sem Numero ${k}`, number: '', email: '' }));
  const repeated = Array.from({ length: 5 }, (_, k) => ({ ...good[k * 10]!, name: `Repetido ${k}` }));
  const short = Array.from({ length: 3 }, (_, k) => ({ name: `Curto ${k}`, number: '1234', email: '' }));
  const badEmail = Array.from({ length: 2 }, (_, k) => ({
    name: `Email Ruim ${k}`,
    number: `5521970000${k}00`,
    email: 'not-an-address',
  }));
  // Bad rows spread through the sheet, so every chunk has some.
  const rows = [...good];
  [...without, ...repeated, ...short, ...badEmail].forEach((row, k) => rows.splice(k * 49 + 20, 0, row));
  const bad: Record<string, string> = {
    'Sem Numero 0': t('en', 'contacts:import.withoutNumber'),
    'Repetido 0': t('en', 'errors:ERR_DUPLICATED_CONTACT'),
    'Curto 0': 'number: Too Short!',
    'Email Ruim 0': 'email: Invalid email',
  };
  return { rows, good, bad };
}

/** A real .xlsx whose first sheet has the accented, mixed-case headers; a second sheet must be ignored. */
async function writeSheet(rows: SheetRow[]): Promise<string> {
  const file = path.join(resultsDir, 'tmp', `contacts-${unique()}.xlsx`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const cell = (value: string | number) => ({ value });
  await writeXlsxFile([
    {
      sheet: 'Contatos',
      data: [
        [cell('Nome'), cell('NÚMERO'), cell('E-mail')],
        ...rows.map((row) => [cell(row.name), cell(row.number), cell(row.email)]),
      ],
    },
    {
      sheet: 'Outra',
      data: [
        [cell('nome'), cell('numero')],
        [cell('Ignorada'), cell('5511911112222')],
      ],
    },
  ]).toFile(file);
  return file;
}

const digits = (number: string | number) => String(number).replace(/\D/g, '');

/** The [first, second] cell texts of a results table's body rows. */
const tableRows = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => Array.from(row.querySelectorAll('td'), (td) => td.innerText)));

describe('contacts import and export', () => {
  it('imports a 1,000-row spreadsheet with its bad rows listed, then exports the contacts as contatos.csv', async () => {
    const { company, admin } = await createCompanyWithAdmin();
    const { rows, good, bad } = thousandRows();
    expect(rows).toHaveLength(1000);
    const file = await writeSheet(rows);

    const page = await browser.newPage({ width: 1280, height: 900 });
    await login(page, admin.email, admin.password);
    await page.goto(appUrl('/contacts'));
    const requests = recordRequests(page);
    // Each chunk answers a little late so the progress bar can be seen moving.
    await page.route('**/contacts/upload', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });

    await page.getByTestId('contact-import').click();
    const dialog = page.getByTestId('contact-import-dialog');
    await dialog.getByTestId('contact-import-file').setInputFiles(file);
    await waitForText(page, path.basename(file));
    await dialog.locator('button[type="submit"]').click();
    await waitForText(page, t('en', 'contacts:import.progress', { sent: 500, total: 1000 }), 30_000);
    expect(await dialog.getByTestId('contact-import-progress').getAttribute('aria-valuenow')).toBe('50');

    const summary = dialog.getByTestId('contact-import-summary');
    await summary.waitFor({ timeout: 60_000 });
    expect(await summary.innerText()).toBe(t('en', 'contacts:import.summary', { added: 980, errors: 20 }));
    expect(requests.filter((r) => r.method === 'POST' && r.path === '/contacts/upload')).toHaveLength(4);

    const stored = await sql<{ id: number; name: string; number: string; email: string }>(
      'select id, name, number, email from contacts where company_id = $1 order by id',
      [company.id],
    );
    expect(stored).toHaveLength(980);
    const added = await tableRows(page, 'contact-import-added');
    expect(added).toEqual(stored.map((c) => [String(c.id), c.name]));
    expect(new Set(stored.map((c) => c.number))).toEqual(new Set(good.map((g) => digits(g.number))));

    const errors = await tableRows(page, 'contact-import-errors');
    expect(errors).toHaveLength(20);
    for (const [name, message] of Object.entries(bad)) expect(errors).toContainEqual([name, message]);
    expect(errors.filter(([name]) => name?.startsWith('Repetido'))).toHaveLength(5);

    await dialog.getByRole('button', { name: t('en', 'contacts:import.close') }).click();
    await page.getByPlaceholder(t('en', 'contacts:search')).fill('Planilha 979');
    await expect.poll(() => page.getByTestId('contact-name').allInnerTexts()).toEqual(['Planilha 979']);

    const download = page.waitForEvent('download');
    await page.getByTestId('contact-export').click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe('contatos.csv');
    const csv = fs.readFileSync(await saved.path(), 'utf8');
    const lines = csv.trimEnd().split(/\r?\n/);
    expect(lines[0]).toBe('name;number;email');
    expect(lines).toHaveLength(981);
    const expected = good.map((g) => {
      const name = g.name.includes(';') ? `"${g.name}"` : g.name;
      return `${name};${digits(g.number)};${g.email}`;
    });
    expect(new Set(lines.slice(1))).toEqual(new Set(expected));
  });

  it('refuses a file that is not .xlsx and offers the sample spreadsheet, which imports as is', async () => {
    const { admin } = await createCompanyWithAdmin();
    const page = await browser.newPage();
    await login(page, admin.email, admin.password);
    await page.goto(appUrl('/contacts'));
    await page.getByTestId('contact-import').click();
    const dialog = page.getByTestId('contact-import-dialog');

    await dialog.getByTestId('contact-import-file').setInputFiles({
      name: 'contatos.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('nome;numero\nAna;5511999990000\n'),
    });
    await waitForText(page, t('en', 'contacts:import.onlyXlsx'));

    const download = page.waitForEvent('download');
    await dialog.getByTestId('contact-import-sample').click();
    const sample = await download;
    expect(sample.suggestedFilename()).toBe(t('en', 'contacts:import.sampleFile'));
    const samplePath = path.join(resultsDir, 'tmp', `${unique()}-${sample.suggestedFilename()}`);
    await sample.saveAs(samplePath);
    await dialog.getByTestId('contact-import-file').setInputFiles(samplePath);
    await dialog.locator('button[type="submit"]').click();
    const summary = dialog.getByTestId('contact-import-summary');
    await summary.waitFor();
    expect(await summary.innerText()).toBe(t('en', 'contacts:import.summary', { added: 2, errors: 0 }));
    expect((await tableRows(page, 'contact-import-added')).map(([, name]) => name)).toEqual([
      'Maria Silva',
      'João Souza',
    ]);
  });

  it("imports the phone's contacts from a connected simulator connection and reloads the list", async () => {
    const { company, admin } = await createCompanyWithAdmin();
    const token = await apiToken(admin.email, admin.password);
    const connectionId = await connectSimulator(token, { name: `Phone ${unique()}` });
    // The linked phone's address book reaches the server through the inbound pipeline.
    await expect
      .poll(
        async () =>
          (await sql('select jid from whatsapp_contacts where whatsapp_id = $1', [connectionId])).length,
        { timeout: 20_000 },
      )
      .toBe(4);

    const page = await browser.newPage({ width: 360, height: 800 });
    await login(page, admin.email, admin.password);
    await page.goto(appUrl('/contacts'));
    await waitForText(page, t('en', 'contacts:empty'));

    await page.getByTestId('contact-import-phone').click();
    await waitForText(page, t('en', 'contacts:importPhone.title'));
    await page.getByTestId('confirm-button').click();
    await waitForText(page, t('en', 'contacts:importPhone.done', { count: 3 }));
    await expect
      .poll(() => page.getByTestId('contact-name').allInnerTexts())
      .toEqual(['Ana Agenda', 'Bruno Agenda', 'Carla Agenda']);
    expect(await bodyText(page)).not.toContain('Família Agenda');
    const stored = await sql('select number from contacts where company_id = $1 order by number', [
      company.id,
    ]);
    expect(stored.map((row) => row.number)).toEqual(['5511987650001', '5521987650002', '5531987650003']);
  });
});
