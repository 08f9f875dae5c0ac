// Issue 5 "Tickets", done when: one customer story on a simulator connection in real Chromium (spec 1 sections
// 2, 4 and 9; server-behaviour 5.1, 5.4, 6.2 and 7.6). The customer arrives live in Pending, is accepted with
// the greeting, gets text, an image, a recorded voice note and a quoted reply, the agent leaves a note and a
// tag, transfers to another queue, resolves with a rating, and the customer coming back reopens the same
// ticket with a cycle marker in the conversation.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chooseOption, login, socketConnected, waitForPath } from './support/app';
import { api, apiToken, pageToken } from './support/api';
import { appUrl, useBrowser } from './support/browser';
import { createCompanyWithAdmin, sql, unique } from './support/db';
import { t } from './support/i18n';
import { connectSimulator, customerNumber } from './support/simulator';

// A fake microphone (a steady tone) that needs no permission prompt, for the app's audio recorder.
const browser = useBrowser({
  args: ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
});

/** A 1x1 PNG, uploaded as the photo. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

interface OutboxItem {
  externalId: string;
  type: string;
  body: string;
  fileName: string | null;
  voiceNote: boolean;
  quotedExternalId: string | null;
}

describe('ticket flow', () => {
  // About 30 s on a quiet machine; the margin is for a machine busy with other test runs.
  it(
    'takes one customer from Pending through replies, notes, tags, transfer, rating and back',
    { timeout: 150_000 },
    async () => {
      const { admin } = await createCompanyWithAdmin();
      // Replaced by the page's own token once the browser signs in (a login revokes the earlier one).
      let token = await apiToken(admin.email, admin.password);
      for (const key of ['sendGreetingAccepted', 'sendMsgTransfTicket', 'userRating']) {
        await api(token, 'PUT', `/settings/${key}`, { value: 'enabled' });
      }
      const sales = `Vendas ${unique()}`;
      const support = `Suporte ${unique()}`;
      await api(token, 'POST', '/queue', { name: sales, color: '#1E88E5' });
      await api(token, 'POST', '/queue', { name: support, color: '#43A047' });
      const tag = `VIP ${unique()}`;
      await api(token, 'POST', '/tags', { name: tag, color: '#8E24AA' });
      const connectionId = await connectSimulator(token, {
        name: `Flow ${unique()}`,
        ratingMessage: 'Como foi o atendimento?',
        complationMessage: 'Atendimento encerrado, obrigado!',
      });
      const customer = customerNumber();
      const name = `Bruna ${unique()}`;
      const inbound = (body: string, externalId?: string) =>
        api(token, 'POST', `/simulator/connections/${connectionId}/inbound`, {
          from: customer,
          name,
          body,
          externalId,
        });
      const outbox = () =>
        api<OutboxItem[]>(token, 'GET', `/simulator/connections/${connectionId}/outbox?to=${customer}`);
      const waitForOutbox = (what: string, test: (item: OutboxItem) => boolean) =>
        expect
          .poll(async () => (await outbox()).some(test), {
            timeout: 20_000,
            message: `the phone to get ${what}`,
          })
          .toBe(true);

      const page = await browser.newPage({ width: 1440, height: 900 });
      // Waits on what the user sees; a machine busy with other test runs can take longer than usual.
      page.setDefaultTimeout(30_000);
      await page.addInitScript(logUploadedFiles);
      await page.context().grantPermissions(['microphone'], { origin: appUrl('/') });
      const connected = socketConnected(page);
      await login(page, admin.email, admin.password);
      await connected;
      token = await pageToken(page);
      await page.goto(appUrl('/tickets'));
      await page.getByTestId('tab-pending').click();
      const pendingList = page.locator('[data-testid="ticket-list"][data-status="pending"]');
      await pendingList.waitFor();

      // 1. The customer's first message shows up in Pending without a reload.
      const firstId = `first-${unique()}`;
      const first = `Oi, quero saber do meu pedido ${unique()}`;
      await inbound(first, firstId);
      const pendingRow = pendingList.getByTestId('ticket-row').filter({ hasText: name });
      await pendingRow.waitFor({ timeout: 20_000 });

      // 2. Accepting opens the conversation and greets the customer.
      await pendingRow.getByTestId('ticket-accept').click();
      await waitForPath(page, /^\/tickets\/.+/);
      const uuid = new URL(page.url()).pathname.split('/').pop() ?? '';
      await expect.poll(() => page.getByTestId('ticket-header').getAttribute('data-status')).toBe('open');
      await waitForOutbox('the accept greeting', (item) => item.body.includes(`*${admin.name}*`));

      // 3. Text, an image with a caption and a recorded voice note, each arriving as its own kind.
      const sign = page.getByTestId('sign-switch');
      if (await sign.isChecked()) await sign.click();
      const text = `Seu pedido saiu para entrega ${unique()}`;
      await page.getByTestId('message-text').fill(text);
      await page.getByTestId('message-text').press('Enter');
      await bubble(page, text).waitFor();
      await waitForOutbox('the text', (item) => item.type === 'text' && item.body === text);

      const caption = `Foto do pacote ${unique()}`;
      await page.locator('input[type="file"][name="medias"]').setInputFiles({
        name: 'pacote.png',
        mimeType: 'image/png',
        buffer: PNG,
      });
      await page.getByTestId('selected-files').getByText('pacote.png').waitFor();
      await page.getByTestId('message-text').fill(caption);
      await page.getByTestId('send-button').click();
      // The photo shows in its bubble, loaded from the server.
      await expect
        .poll(() =>
          page
            .getByTestId('message-image')
            .first()
            .evaluate((img: HTMLImageElement) => img.naturalWidth),
        )
        .toBe(1);
      await waitForOutbox('the photo', (item) => item.type === 'image' && item.body === caption);

      await page.getByTestId('record-button').click();
      const stopRecording = page.getByRole('button', { name: t('en', 'messages:input.sendRecording') });
      await stopRecording.waitFor();
      // The recording must outgrow the 10000-byte minimum: a few seconds of the fake tone.
      await page.waitForTimeout(3500);
      await stopRecording.click();
      await waitForOutbox('the voice note', (item) => item.type === 'audio' && item.voiceNote);
      // What the browser uploaded: an mp3 named with a bare timestamp, over the minimum size (spec 1 section 9).
      const uploads = await page.evaluate(() => (window as unknown as UploadLog).uploads);
      expect(uploads.find((file) => file.type.startsWith('audio/'))).toEqual({
        name: expect.stringMatching(/^\d{13}\.mp3$/),
        type: 'audio/mpeg',
        size: expect.any(Number),
      });
      expect(uploads.find((file) => file.type === 'audio/mpeg')?.size).toBeGreaterThanOrEqual(10_000);
      // The ticket's row names the voice note instead of showing its file name; then back to the pending list.
      await page.getByTestId('tab-assigned').click();
      const assignedRow = page
        .locator('[data-testid="ticket-list"][data-status="open"]')
        .getByTestId('ticket-row')
        .filter({ hasText: name });
      await expect
        .poll(() => assignedRow.getByTestId('ticket-last').innerText())
        .toBe(t('en', 'messages:media.audio'));
      await page.getByTestId('tab-pending').click();

      // 4. A reply quoting the customer's first message, from that message's options menu.
      await bubble(page, first).getByTestId('message-options').click();
      await page.getByRole('menuitem', { name: t('en', 'messages:bubble.reply') }).click();
      await page.getByTestId('reply-preview').waitFor();
      const answer = `Sobre o pedido: chega amanhã ${unique()}`;
      await page.getByTestId('message-text').fill(answer);
      await page.getByTestId('message-text').press('Enter');
      await bubble(page, answer).getByTestId('message-quoted').getByText(first).waitFor();
      await waitForOutbox(
        'the quoted reply',
        (item) => item.body === answer && item.quotedExternalId === firstId,
      );

      // 5. A ticket note in the contact drawer and a tag from the tag editor, both kept after a reload.
      await page.getByTestId('contact-button').click();
      const drawer = page.getByTestId('contact-drawer');
      const note = `Cliente pediu entrega pela manhã ${unique()}`;
      await drawer.locator('textarea[name="note"]').fill(note);
      await drawer.getByTestId('note-save').click();
      await drawer.getByText(note).waitFor();
      await drawer.getByTestId('contact-drawer-close').click();
      await drawer.waitFor({ state: 'hidden' });

      const tagInput = page.getByTestId('tag-editor').locator('input[name="tags"]');
      await tagInput.click();
      await tagInput.fill(tag.slice(0, 8));
      await page.getByRole('option', { name: tag }).click();
      await page.getByTestId('tag-editor').getByText(tag).waitFor();

      await page.reload();
      await page.getByTestId('tag-editor').getByText(tag).waitFor();
      await page.getByTestId('contact-button').click();
      await page.getByTestId('contact-drawer').getByText(note).waitFor();
      await page.getByTestId('contact-drawer-close').click();
      await page.getByTestId('contact-drawer').waitFor({ state: 'hidden' });

      // 6. Transfer to the support queue: the ticket waits there and the customer is told.
      await page.getByTestId('ticket-transfer').click();
      const dialog = page.getByTestId('transfer-dialog');
      await dialog.waitFor();
      await chooseOption(page, 'queueId', support);
      await dialog.getByTestId('transfer-confirm').click();
      await waitForPath(page, '/tickets');
      await waitForOutbox('the transfer notice', (item) =>
        item.body.includes(`transferido para o setor *${support}*`),
      );

      // 7. Accept again and resolve: the customer rates 3, the rating is kept and the goodbye arrives.
      await page.getByTestId('tab-open').click();
      await page.getByTestId('tab-pending').click();
      const transferredRow = pendingList.getByTestId('ticket-row').filter({ hasText: name });
      await transferredRow.getByTestId('ticket-accept').click();
      await waitForPath(page, `/tickets/${uuid}`);
      await expect.poll(() => page.getByTestId('ticket-header').getAttribute('data-status')).toBe('open');
      await page.getByTestId('ticket-resolve').click();
      await waitForPath(page, '/tickets');
      await waitForOutbox('the rating request', (item) => item.body.includes('Digite de 1 a 3'));

      await inbound('3');
      await waitForOutbox(
        'the completion message',
        (item) => item.body === 'Atendimento encerrado, obrigado!',
      );
      const [ticket] = await sql<{ id: number; status: string }>(
        'select id, status from tickets where uuid = $1',
        [uuid],
      );
      expect(ticket?.status).toBe('closed');
      const ratings = await sql<{ rate: number; user_id: number }>(
        'select rate, user_id from user_ratings where ticket_id = $1',
        [ticket?.id],
      );
      expect(ratings).toEqual([{ rate: 3, user_id: admin.id }]);
      // The resolved ticket opens from the Resolved tab with what came in after the agent left it.
      await page.getByTestId('tab-closed').click();
      await page
        .locator('[data-testid="ticket-list"][data-status="closed"]')
        .getByTestId('ticket-row')
        .filter({ hasText: name })
        .click();
      await waitForPath(page, `/tickets/${uuid}`);
      await page.getByTestId('ticket-reopen').waitFor();
      await bubble(page, 'Atendimento encerrado, obrigado!').waitFor();
      await page.getByTestId('message-body').filter({ hasText: /^3$/ }).waitFor();

      // 8. The customer writes again while the agent still has the chat open: the same ticket is pending
      // again, and the chat marks where the new cycle begins, live.
      const again = `Voltei, outra dúvida ${unique()}`;
      await page.getByTestId('tab-open').click();
      await page.getByTestId('tab-pending').click();
      await inbound(again);
      await pendingList.getByTestId('ticket-row').filter({ hasText: name }).waitFor({ timeout: 20_000 });
      const [reopened] = await sql<{ id: number; status: string }>(
        'select id, status from tickets where uuid = $1',
        [uuid],
      );
      expect(reopened).toEqual({ id: ticket?.id, status: 'pending' });

      await bubble(page, again).waitFor();
      await expect.poll(() => page.getByTestId('ticket-header').getAttribute('data-status')).toBe('pending');
      // The marker sits right before the first message of the new cycle.
      const marker = page
        .getByTestId('message-list')
        .locator('[data-testid="ticket-change"] + * [data-testid="message-bubble"]');
      await expect(marker.innerText()).resolves.toContain(again);
      // It says the first conversation closed and when the new one started (the browser runs in São Paulo time).
      const [returned] = await sql<{ created_at: Date }>('select created_at from messages where body = $1', [
        again,
      ]);
      const startedAt = new Intl.DateTimeFormat('en-GB', {
        timeZone: 'America/Sao_Paulo',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(returned?.created_at);
      const change = page.getByTestId('message-list').getByTestId('ticket-change').last();
      await expect(change.getByTestId('cycle-closed').innerText()).resolves.toBe(
        t('en', 'messages:list.cycleClosed'),
      );
      await expect(change.getByTestId('cycle-started').innerText()).resolves.toBe(
        t('en', 'messages:list.cycleStarted', { time: startedAt }),
      );
    },
  );
});

interface UploadLog {
  uploads: { name: string; type: string; size: number }[];
}

/** Runs in the page: notes every file put into a form upload (the request body of a file is not visible). */
function logUploadedFiles() {
  const log = window as unknown as UploadLog;
  log.uploads = [];
  const append = FormData.prototype.append;
  FormData.prototype.append = function (this: FormData, ...args: [string, string | Blob, string?]) {
    const value = args[1];
    if (value instanceof File) log.uploads.push({ name: value.name, type: value.type, size: value.size });
    Reflect.apply(append, this, args);
  };
}

/** The bubble of the message with this text. */
function bubble(page: Page, text: string) {
  return page.getByTestId('message-bubble').filter({ hasText: text });
}
