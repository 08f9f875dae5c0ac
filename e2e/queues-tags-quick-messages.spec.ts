// Queues with their chatbot option tree, tags and quick messages (spec 2 sections 2, 4, 5 and 7; issue
// items 2, 3 and 5). This file checks the tree as stored; queue-chatbot.spec.ts plays a customer through it.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { horizontalOverflow, login, socketConnected, waitForText } from './support/app';
import { appUrl, useBrowser } from './support/browser';
import { createCompanyWithAdmin, createUser, sql, unique } from './support/db';
import { t } from './support/i18n';
import { addOption } from './support/queues';

const browser = useBrowser();

/** The stored options of a queue, parents first, each level by its ordinal. */
async function storedOptions(queueId: number) {
  return sql<{ title: string; option: string; parent: string | null }>(
    `select o.title, o.option, p.title as parent
       from queue_options o left join queue_options p on p.id = o.parent_id
      where o.queue_id = $1
      order by o.parent_id nulls first, o.option`,
    [queueId],
  );
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await horizontalOverflow(page);
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

describe('queues', () => {
  it('creates a queue with a colour and a two-level option tree that survives a reload, and renumbers after a delete', async () => {
    const { company, admin } = await createCompanyWithAdmin();
    const page = await browser.newPage({ width: 1920, height: 1080 });
    await login(page, admin.email, admin.password);
    await page.goto(appUrl('/queues'));
    await waitForText(page, t('en', 'queues:empty'));

    const name = `Vendas ${unique().slice(-5)}`;
    await page.getByTestId('queue-add').click();
    const dialog = page.getByTestId('queue-dialog');
    await dialog.locator('input[name="name"]').fill(name);
    await dialog.getByTestId('color-picker-button').click();
    await page.locator('[data-testid="color-palette"] [data-color="#1273DE"]').click();
    await dialog.locator('textarea[name="greetingMessage"]').fill('Olá! Escolha uma opção.');
    await dialog.getByTestId('queue-save').click();
    await waitForText(page, t('en', 'queues:toasts.saved'));

    // Saved: the dialog stays on the new queue so its options can be added at once.
    await waitForText(page, t('en', 'queues:dialog.editTitle'));
    const [queue] = await sql<{ id: number; color: string }>(
      'select id, color from queues where company_id = $1 and name = $2',
      [company.id, name],
    );
    expect(queue?.color).toBe('#1273DE');

    await addOption(
      dialog,
      dialog.locator('[data-testid="option-add"][data-depth="0"]'),
      'Financeiro',
      'Escolha:',
    );
    const root = dialog.locator('[data-testid="queue-option"][data-depth="0"]').first();
    await addOption(root, root.locator('[data-testid="option-add"][data-depth="1"]').first(), 'Boletos');
    await addOption(root, root.locator('[data-testid="option-add"][data-depth="1"]').first(), 'Pix');
    expect(await storedOptions(queue!.id)).toEqual([
      { title: 'Financeiro', option: '1', parent: null },
      { title: 'Boletos', option: '1', parent: 'Financeiro' },
      { title: 'Pix', option: '2', parent: 'Financeiro' },
    ]);

    await page.reload();
    const row = page.locator(`[data-testid="queue-row"][data-queue-id="${queue!.id}"]`);
    await row.waitFor();
    expect(await row.getByTestId('queue-color').getAttribute('data-color')).toBe('#1273DE');
    await row.getByTestId('queue-edit').click();
    const reopened = page.getByTestId('queue-dialog');
    const rootAgain = reopened.locator('[data-testid="queue-option"][data-depth="0"]');
    await rootAgain.locator('input[name="title"][value="Financeiro"]').first().waitFor();
    await expect.poll(() => rootAgain.count()).toBe(1);
    const children = rootAgain.locator('[data-testid="queue-option"][data-depth="1"]');
    await expect.poll(() => children.count()).toBe(2);
    expect(await children.nth(0).getAttribute('data-option')).toBe('1');
    expect(await children.nth(0).locator('input[name="title"]').inputValue()).toBe('Boletos');
    expect(await children.nth(1).getAttribute('data-option')).toBe('2');
    expect(await children.nth(1).locator('input[name="title"]').inputValue()).toBe('Pix');

    await children.nth(0).getByTestId('option-delete').first().click();
    await page.getByTestId('confirm-button').click();
    await expect.poll(() => children.count()).toBe(1);
    await expect.poll(() => children.first().getAttribute('data-option')).toBe('1');
    expect(await children.first().locator('input[name="title"]').inputValue()).toBe('Pix');
    expect(await children.first().getByTestId('option-ordinal').innerText()).toBe('1');
    await expect
      .poll(() => storedOptions(queue!.id))
      .toEqual([
        { title: 'Financeiro', option: '1', parent: null },
        { title: 'Pix', option: '1', parent: 'Financeiro' },
      ]);
  });

  it('translates a colour already used by another queue of the company', async () => {
    const { company, admin } = await createCompanyWithAdmin();
    await sql(`insert into queues (company_id, name, color) values ($1, 'Suporte', '#B80000')`, [company.id]);
    const page = await browser.newPage();
    await login(page, admin.email, admin.password);
    await page.goto(appUrl('/queues'));
    await page.getByTestId('queue-add').click();
    const dialog = page.getByTestId('queue-dialog');
    await dialog.locator('input[name="name"]').fill('Vendas');
    await dialog.locator('input[name="color"]').fill('#B80000');
    await dialog.getByTestId('queue-save').click();
    await waitForText(page, t('en', 'errors:ERR_QUEUE_COLOR_ALREADY_EXISTS'));
    expect(
      await sql('select id from queues where company_id = $1 and name = $2', [company.id, 'Vendas']),
    ).toEqual([]);
  });
});

describe('tags', () => {
  it('creates a tag and lists it in its colour', async () => {
    const { company, admin } = await createCompanyWithAdmin();
    const page = await browser.newPage({ width: 360, height: 740 });
    await login(page, admin.email, admin.password);
    await page.goto(appUrl('/tags'));
    await waitForText(page, t('en', 'tags:empty'));

    await page.getByTestId('tag-add').click();
    const dialog = page.getByTestId('tag-dialog');
    await dialog.locator('input[name="name"]').fill('ab');
    await dialog.getByTestId('tag-save').click();
    await waitForText(page, t('en', 'validation:messageTooShort'));

    const name = `VIP ${unique().slice(-5)}`;
    await dialog.locator('input[name="name"]').fill(name);
    await dialog.getByTestId('color-picker-button').click();
    await page.locator('[data-testid="color-palette"] [data-color="#E91E63"]').click();
    await dialog.getByTestId('tag-save').click();
    await waitForText(page, t('en', 'tags:toasts.saved'));

    const chip = page.getByTestId('tag-list').getByTestId('tag-chip').filter({ hasText: name });
    await chip.waitFor();
    expect(await chip.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(233, 30, 99)');
    const [stored] = await sql<{ color: string }>(
      'select color from tags where company_id = $1 and name = $2',
      [company.id, name],
    );
    expect(stored?.color).toBe('#E91E63');
    await expectNoSidewaysScroll(page);
  });

  it('loads the next page when scrolled to the bottom and searches lower-cased from page 1', async () => {
    const { company, admin } = await createCompanyWithAdmin();
    await sql(
      `insert into tags (company_id, name, color)
       select $1, 'Tag ' || lpad(n::text, 2, '0'), '#4CAF50' from generate_series(1, 25) n`,
      [company.id],
    );
    const page = await browser.newPage({ width: 1920, height: 1080 });
    const searches: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/tags') searches.push(url.search);
    });
    await login(page, admin.email, admin.password);
    await page.goto(appUrl('/tags'));
    const list = page.getByTestId('tag-list');
    const rows = list.getByTestId('tag-row');
    await rows.first().waitFor();
    // 20 a page: the 25 tags arrive in two pages, by scrolling or because the first does not fill the box.
    await list.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect.poll(() => rows.count()).toBe(25);
    expect(searches.filter((search) => search.includes('pageNumber=2'))).toHaveLength(1);

    await page.locator('input[name="searchParam"]').pressSequentially('TAG 2', { delay: 60 });
    await expect.poll(() => rows.count()).toBe(6);
    expect(searches.at(-1)).toContain('searchParam=tag+2');
    expect(searches.at(-1)).toContain('pageNumber=1');
    // Debounced: one request for the whole text, not one per key.
    expect(searches.filter((search) => search.includes('searchParam=t'))).toHaveLength(1);
  });

  it('shows tags and queues created elsewhere without a reload', async () => {
    const { company, admin } = await createCompanyWithAdmin();
    // Another user: a second login of the same user would sign the first one out.
    const colleague = await createUser({ companyId: company.id, profile: 'admin' });
    const watcher = await browser.newPage();
    const connected = socketConnected(watcher);
    await login(watcher, admin.email, admin.password);
    await connected;
    await watcher.goto(appUrl('/tags'));
    await waitForText(watcher, t('en', 'tags:empty'));

    const other = await browser.newPage();
    await login(other, colleague.email, colleague.password);
    const post = (path: string, body: unknown) =>
      other.evaluate(
        async ([path, body]) => {
          const response = await fetch(path as string, {
            method: 'POST',
            headers: {
              'Content-Type': 'application/json',
              Authorization: `Bearer ${localStorage.getItem('token')}`,
            },
            body: JSON.stringify(body),
          });
          return response.status;
        },
        [path, body] as const,
      );
    expect(await post('/tags', { name: 'Live tag', color: '#FF9800' })).toBe(200);
    await watcher.getByTestId('tag-chip').filter({ hasText: 'Live tag' }).waitFor();

    await watcher.getByTestId('drawer-item-queues').click();
    await waitForText(watcher, t('en', 'queues:empty'));
    expect(await post('/queue', { name: 'Live queue', color: '#795548' })).toBe(200);
    await watcher.getByTestId('queue-row').filter({ hasText: 'Live queue' }).waitFor();
  });
});

describe('quick messages', () => {
  it('creates a quick message with a variable and an attachment stored under its underscored name', async () => {
    const { company, admin } = await createCompanyWithAdmin();
    const page = await browser.newPage({ width: 360, height: 740 });
    await login(page, admin.email, admin.password);
    await page.goto(appUrl('/quick-messages'));
    await waitForText(page, t('en', 'quickMessages:empty'));

    const shortcode = `ola${unique().slice(-5)}`;
    await page.getByTestId('quick-message-add').click();
    const dialog = page.getByTestId('quick-message-dialog');
    await dialog.locator('input[name="shortcode"]').fill(shortcode);
    const message = dialog.locator('textarea[name="message"]');
    await message.fill('Olá , tudo bem?');
    await message.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(4, 4));
    await dialog.getByTestId('variable-firstName').click();
    expect(await message.inputValue()).toBe('Olá {{firstName}}, tudo bem?');

    await dialog.getByTestId('attachment-input').setInputFiles({
      name: 'tabela de precos.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n%e2e\n'),
    });
    expect(await dialog.getByTestId('attachment-pending').innerText()).toContain('tabela_de_precos.pdf');
    await dialog.getByTestId('quick-message-save').click();
    await waitForText(page, t('en', 'quickMessages:toasts.saved'));

    const row = page.getByTestId('quick-message-row').filter({ hasText: shortcode });
    await expect
      .poll(() => row.getByTestId('quick-message-attachment').innerText())
      .toContain('tabela_de_precos.pdf');
    const [stored] = await sql<{ message: string; media_name: string | null; media_path: string | null }>(
      'select message, media_name, media_path from quick_messages where company_id = $1 and shortcode = $2',
      [company.id, shortcode],
    );
    expect(stored?.message).toBe('Olá {{firstName}}, tudo bem?');
    expect(stored?.media_name).toContain('tabela_de_precos.pdf');
    expect(stored?.media_path).toBeTruthy();
    await expectNoSidewaysScroll(page);
  });
});
