// Internal chat between two agents, each in a browser context of their own (issue 21; spec 1 section 2, spec 2
// sections 2, 5, 6 and 8; server-behaviour 15.1): live delivery, unread badges and the read reset, the plan gate.
import { describe, expect, it } from 'vitest';
import { api, apiToken } from './support/api';
import { eventually, horizontalOverflow, login, waitForPath, waitForText } from './support/app';
import { appUrl, useBrowser } from './support/browser';
import { createCompany, createCompanyWithAdmin, createUser, sql, unique } from './support/db';
import { t } from './support/i18n';
import { bellCount, companyWithout, signedIn } from './support/team';

const browser = useBrowser();
/** Two agents through the whole flow: room for a machine shared by several engineers' test runs. */
const LONG_FLOW_MS = 180_000;

async function unreadsOf(userId: number, chatTitle: string): Promise<number> {
  const [row] = await sql<{ unreads: number }>(
    `select cu.unreads from chat_users cu join chats c on c.id = cu.chat_id where cu.user_id = $1 and c.title = $2`,
    [userId, chatTitle],
  );
  return row?.unreads ?? -1;
}

describe('internal chat', () => {
  it(
    'A starts a chat with B, B sees it live and replies, and A clears the unread count by reading',
    async () => {
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

      const a = await signedIn(browser, ana);
      const b = await signedIn(browser, bruno);
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
    },
    LONG_FLOW_MS,
  );

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
