import type { CampaignStatus } from '@zapdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdminSession } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { describeTenantIsolation } from '../../../test/isolation-kit';
import { eventually, uniquePhone } from '../../../test/messaging-fixtures';
import { multipartBody } from '../../../test/multipart';
import { connectSocket } from '../../../test/socket-client';
import { buildContactList } from '../contact-lists/contact-lists.fixtures';

// Lifecycle and rules without sending: this server never starts the dispatcher (it does not listen).
let server: TestServer;
let baseUrl: string;
beforeAll(async () => {
  server = await startTestServer({ ROLES: 'api,realtime' });
  baseUrl = await server.listen();
});
afterAll(() => server.close());

const later = (ms: number) => new Date(Date.now() + ms).toISOString();

async function create(token: string, body: Record<string, unknown> = {}) {
  return server.call('POST', '/campaigns', {
    token,
    body: { name: 'Black Friday', message1: 'Oi {nome}', ...body },
  });
}

async function setStatus(companyId: number, id: number, status: CampaignStatus) {
  await server.ctx.scopes
    .tenant(companyId)
    .run((tx) => tx.updateTable('campaigns').set({ status }).where('id', '=', id).execute());
}

describe('campaign settings', () => {
  it('answers the defaults, upserts per key, keeps the first of a repeated variable key and emits', async () => {
    const { token, company } = await buildAdminSession(server);
    const defaults = await server.call('GET', '/campaign-settings', { token });
    expect(defaults.body.map((s: { key: string; value: string }) => [s.key, s.value])).toEqual([
      ['messageInterval', '20'],
      ['longerIntervalAfter', '20'],
      ['greaterInterval', '60'],
      ['variables', '[]'],
    ]);
    const socket = await connectSocket(baseUrl, token);
    const saved = await server.call('POST', '/campaign-settings', {
      token,
      body: {
        settings: {
          messageInterval: 5,
          longerIntervalAfter: 10,
          greaterInterval: 30,
          variables: [
            { key: 'cupom', value: 'ZAP10' },
            { key: 'cupom', value: 'OUTRO' },
          ],
        },
      },
    });
    expect(saved.status).toBe(200);
    const again = await server.call('POST', '/campaign-settings', {
      token,
      body: { settings: { messageInterval: 10 } },
    });
    expect(again.body.map((s: { value: string }) => s.value)).toEqual([
      '10',
      '10',
      '30',
      '[{"key":"cupom","value":"ZAP10"}]',
    ]);
    await eventually(async () =>
      socket.received(`company-${company.id}-campaignSettings`).length >= 2 ? true : undefined,
    );
    socket.close();
    const bad = await server.call('POST', '/campaign-settings', {
      token,
      body: { settings: { greaterInterval: 121 } },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(['settings.greaterInterval']);
  });
});

describe('campaigns', () => {
  it('validates the name (2–50), and the list and a message of a scheduled campaign', async () => {
    const { token, company } = await buildAdminSession(server);
    expect((await create(token, { name: 'A' })).body.fields).toEqual({ name: 'Too Short!' });
    expect((await create(token, { name: 'x'.repeat(51) })).body.fields).toEqual({ name: 'Too Long!' });
    expect((await create(token, { name: undefined })).body.fields).toEqual({ name: 'Required' });
    expect((await create(token, { scheduledAt: 'amanhã' })).body.fields).toEqual({
      scheduledAt: 'Invalid value',
    });
    expect((await create(token, { scheduledAt: later(3_600_000) })).body.fields).toEqual({
      contactListId: 'Required',
    });
    const list = await buildContactList(server, company.id, [{ name: 'Ana', number: uniquePhone() }]);
    const silent = await create(token, {
      scheduledAt: later(3_600_000),
      contactListId: list.id,
      message1: ' ',
    });
    expect(silent.body.fields).toEqual({ message1: 'Required' });
    expect((await create(token, { contactListId: 999_999 })).status).toBe(404);
  });

  it('is INATIVA without scheduledAt and PROGRAMADA with it, with list, connection and counts', async () => {
    const { token, company } = await buildAdminSession(server);
    const list = await buildContactList(server, company.id, [
      { name: 'Ana', number: uniquePhone() },
      { name: 'Beto', number: uniquePhone() },
      { name: 'Caio', number: uniquePhone(), isWhatsappValid: false },
    ]);
    const socket = await connectSocket(baseUrl, token);
    const inactive = await create(token, { contactListId: list.id, tagListId: 'Nenhuma', whatsappId: '' });
    expect(inactive.body).toMatchObject({
      status: 'INATIVA',
      contactList: { id: list.id, name: list.name },
      whatsapp: null,
      report: { validContacts: 2, delivered: 0 },
    });
    const when = later(3_600_000);
    const scheduled = await server.call('PUT', `/campaigns/${inactive.body.id}`, {
      token,
      body: { name: 'Black Friday', message1: 'Oi', contactListId: list.id, scheduledAt: when },
    });
    expect(scheduled.body).toMatchObject({ status: 'PROGRAMADA', scheduledAt: when });
    const events = await eventually(async () => {
      const seen = socket.received(`company-${company.id}-campaign`) as Array<{
        action: string;
        record: { status: string };
      }>;
      return seen.length >= 2 ? seen : undefined;
    });
    expect(events.map((e) => [e.action, e.record.status])).toEqual([
      ['create', 'INATIVA'],
      ['update', 'PROGRAMADA'],
    ]);
    socket.close();
    const page = await server.call('GET', '/campaigns?searchParam=black', { token });
    expect(page.body).toMatchObject({ count: 1, hasMore: false });
    expect((await server.call('GET', '/campaigns/list', { token })).body).toHaveLength(1);
  });

  it('builds the list from a tag: the contacts of the tickets carrying it', async () => {
    const { token, company } = await buildAdminSession(server);
    const number = uniquePhone();
    const tagId = await server.ctx.scopes.tenant(company.id).run(async (tx) => {
      const tag = await tx
        .insertInto('tags')
        .values({ companyId: company.id, name: 'VIP' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const contact = await tx
        .insertInto('contacts')
        .values({ companyId: company.id, name: 'Dora', number })
        .returning('id')
        .executeTakeFirstOrThrow();
      const ticket = await tx
        .insertInto('tickets')
        .values({ companyId: company.id, contactId: contact.id, status: 'closed' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('ticketTags')
        .values({ companyId: company.id, ticketId: ticket.id, tagId: tag.id })
        .execute();
      return tag.id;
    });
    const answer = await create(token, { tagListId: tagId });
    expect(answer.body.tagId).toBe(tagId);
    expect(answer.body.contactList.name).toMatch(/^VIP – \d{2}\/\d{2}\/\d{4}$/);
    const items = await server.call('GET', `/contact-list-items?contactListId=${answer.body.contactListId}`, {
      token,
    });
    expect(
      items.body.contacts.map((c: { name: string; number: string; isWhatsappValid: boolean }) => [
        c.name,
        c.number,
        c.isWhatsappValid,
      ]),
    ).toEqual([['Dora', number, true]]);
  });

  it('edits only INATIVA, PROGRAMADA or CANCELADA; deletes anything but EM_ANDAMENTO', async () => {
    const { token, company } = await buildAdminSession(server);
    const created = await create(token);
    const id = created.body.id as number;
    const edit = () =>
      server.call('PUT', `/campaigns/${id}`, { token, body: { name: 'Editada', message1: 'x' } });
    for (const status of ['EM_ANDAMENTO', 'FINALIZADA'] as const) {
      await setStatus(company.id, id, status);
      expect((await edit()).body).toMatchObject({ error: 'ERR_CAMPAIGN_NOT_EDITABLE' });
      const form = await multipartBody({}, { name: 'promo.png', content: 'png', type: 'image/png' });
      const media = await server.call('POST', `/campaigns/${id}/media-upload`, {
        token,
        body: form.body,
        headers: form.headers,
      });
      expect(media.body.error).toBe('ERR_CAMPAIGN_NOT_EDITABLE');
    }
    await setStatus(company.id, id, 'EM_ANDAMENTO');
    expect((await server.call('DELETE', `/campaigns/${id}`, { token })).body.error).toBe(
      'ERR_CAMPAIGN_IN_PROGRESS',
    );
    await setStatus(company.id, id, 'CANCELADA');
    expect((await edit()).body).toMatchObject({ name: 'Editada', status: 'CANCELADA' });
    await setStatus(company.id, id, 'FINALIZADA');
    expect((await server.call('DELETE', `/campaigns/${id}`, { token })).body).toEqual({
      message: 'Campaign deleted',
    });
    expect((await server.call('GET', `/campaigns/${id}`, { token })).status).toBe(404);
  });

  it('attaches and removes the media file while editable', async () => {
    const { token } = await buildAdminSession(server);
    const created = await create(token);
    const form = await multipartBody(
      {},
      { name: 'promo natal.png', content: 'png-bytes', type: 'image/png' },
    );
    const attached = await server.call('POST', `/campaigns/${created.body.id}/media-upload`, {
      token,
      body: form.body,
      headers: form.headers,
    });
    expect(attached.body).toMatchObject({ mediaName: 'promo_natal.png' });
    expect(attached.body.mediaPath).toMatch(/\/campaigns\/[0-9a-f-]{36}-promo_natal\.png$/);
    const removed = await server.call('DELETE', `/campaigns/${created.body.id}/media-upload`, { token });
    expect(removed.body).toMatchObject({ mediaName: null, mediaPath: null });
  });

  it('cancels PROGRAMADA or EM_ANDAMENTO campaigns, restarts cancelled ones (204), refuses the rest', async () => {
    const { token, company } = await buildAdminSession(server);
    const list = await buildContactList(server, company.id, [{ name: 'Ana', number: uniquePhone() }]);
    const created = await create(token, { contactListId: list.id, scheduledAt: later(3_600_000) });
    const id = created.body.id as number;
    const post = (action: string) => server.call('POST', `/campaigns/${id}/${action}`, { token });
    expect((await post('restart')).body.error).toBe('ERR_CAMPAIGN_INVALID_TRANSITION');
    expect((await post('cancel')).status).toBe(204);
    expect((await server.call('GET', `/campaigns/${id}`, { token })).body.status).toBe('CANCELADA');
    expect((await post('cancel')).body.error).toBe('ERR_CAMPAIGN_INVALID_TRANSITION');
    expect((await post('restart')).status).toBe(204);
    // Cancelled before it started: the restart creates its shipping rows.
    const restarted = await server.call('GET', `/campaigns/${id}`, { token });
    expect(restarted.body).toMatchObject({ status: 'EM_ANDAMENTO', report: { total: 1, validContacts: 1 } });
    expect((await post('restart')).body.error).toBe('ERR_CAMPAIGN_INVALID_TRANSITION');
  });

  it('is refused without the plan flag', async () => {
    const { token } = await buildAdminSession(server, { plan: { useCampaigns: false } });
    expect((await server.call('GET', '/campaigns', { token })).body.error).toBe('ERR_PLAN_FEATURE_DISABLED');
    expect((await server.call('GET', '/campaign-settings', { token })).status).toBe(403);
  });
});

describeTenantIsolation<{ id: number }>({
  resource: 'campaign',
  server: () => server,
  async create(_server, owner) {
    const answer = await create(owner.token, { name: 'Isolada' });
    return { id: answer.body.id };
  },
  byId: [
    { method: 'GET', path: (c) => `/campaigns/${c.id}` },
    { method: 'PUT', path: (c) => `/campaigns/${c.id}`, body: { name: 'Tomada', message1: 'x' } },
    { method: 'POST', path: (c) => `/campaigns/${c.id}/cancel` },
    { method: 'POST', path: (c) => `/campaigns/${c.id}/restart` },
    { method: 'DELETE', path: (c) => `/campaigns/${c.id}/media-upload` },
    { method: 'DELETE', path: (c) => `/campaigns/${c.id}` },
  ],
  lists: [{ path: '/campaigns' }, { path: '/campaigns/list' }],
});
