import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildAdminSession, buildUser, login, type BuiltCompany } from '../../../test/factories';
import { describeTenantIsolation } from '../../../test/isolation-kit';
import { connectSocket, pause } from '../../../test/socket-client';

let server: TestServer;
let baseUrl: string;
beforeAll(async () => {
  server = await startTestServer();
  baseUrl = await server.listen();
});
afterAll(() => server.close());

let sequence = 0;

async function staff(company: BuiltCompany, profile: 'user' | 'supervisor' | 'admin' = 'user') {
  const user = await buildUser(server, company, { profile });
  return { id: user.id, token: (await login(server, user)).token };
}

async function createQuickMessage(token: string, body: Record<string, unknown> = {}) {
  return server.call('POST', '/quick-messages', {
    token,
    body: { shortcode: `reply${++sequence}`, message: 'Hello {{name}}', ...body },
  });
}

const shortcodes = (records: Array<{ shortcode: string }>) => records.map((r) => r.shortcode);

describe('quick messages', () => {
  it("creates a personal quick message authored by the caller, ignoring a client's mediaPath", async () => {
    const { company } = await buildAdminSession(server);
    const user = await staff(company);
    const created = await createQuickMessage(user.token, {
      shortcode: 'hi',
      mediaPath: `company${company.id}/quickMessages/elsewhere.png`,
      mediaName: 'elsewhere.png',
      userId: 1,
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      shortcode: 'hi',
      message: 'Hello {{name}}',
      geral: false,
      status: true,
      isMedia: false,
      mediaPath: null,
      mediaName: null,
      userId: user.id,
      companyId: company.id,
    });
    expect(
      (await server.call('GET', `/quick-messages/${created.body.id}`, { token: user.token })).body,
    ).toEqual(created.body);
  });

  it("lists the caller's own and the general quick messages, never a colleague's personal ones", async () => {
    const { company, token: adminToken } = await buildAdminSession(server);
    const me = await staff(company);
    const colleague = await staff(company);
    await createQuickMessage(me.token, { shortcode: 'mine' });
    await createQuickMessage(colleague.token, { shortcode: 'shared', geral: true });
    await createQuickMessage(colleague.token, { shortcode: 'secret' });
    await createQuickMessage(adminToken, { shortcode: 'Admin note' });

    const page = await server.call('GET', `/quick-messages?userId=${colleague.id}`, { token: me.token });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ count: 2, hasMore: false });
    expect(shortcodes(page.body.records)).toEqual(['mine', 'shared']);
    const list = await server.call('GET', `/quick-messages/list?userId=${colleague.id}`, { token: me.token });
    expect(shortcodes(list.body)).toEqual(['mine', 'shared']);
    const asAdmin = await server.call('GET', '/quick-messages/list', { token: adminToken });
    expect(shortcodes(asAdmin.body)).toEqual(['Admin note', 'shared']);
  });

  it('pages by shortcode, 20 at a time, searching case and accents loosely', async () => {
    const { token } = await buildAdminSession(server);
    for (let i = 0; i < 21; i++)
      await createQuickMessage(token, { shortcode: `promoção${String(i).padStart(2, '0')}` });
    await createQuickMessage(token, { shortcode: 'other' });
    const first = await server.call('GET', '/quick-messages?searchParam=PROMOCAO', { token });
    expect(first.body.records).toHaveLength(20);
    expect(first.body).toMatchObject({ count: 21, hasMore: true });
    const second = await server.call('GET', '/quick-messages?searchParam=promocao&pageNumber=2', { token });
    expect(second.body).toMatchObject({ count: 21, hasMore: false });
    expect(shortcodes(second.body.records)).toEqual(['promoção20']);
  });

  it("lets a super user list another company's quick messages for one of its users", async () => {
    const a = await buildAdminSession(server);
    const author = await staff(a.company);
    await createQuickMessage(author.token, { shortcode: 'personal' });
    await createQuickMessage(a.token, { shortcode: 'general', geral: true });
    const b = await buildAdminSession(server);
    const superUser = await buildUser(server, b.company, { super: true });
    const superToken = (await login(server, superUser)).token;
    const url = `/quick-messages/list?companyId=${a.company.id}&userId=${author.id}`;
    expect(shortcodes((await server.call('GET', url, { token: superToken })).body)).toEqual([
      'general',
      'personal',
    ]);
    expect((await server.call('GET', url, { token: b.token })).body).toEqual([]);
  });

  it('leaves reading a personal quick message to its owner and admins, and changes to them only', async () => {
    const { company, token: adminToken } = await buildAdminSession(server);
    const owner = await staff(company);
    const colleague = await staff(company, 'supervisor');
    const personal = await createQuickMessage(owner.token);
    const general = await createQuickMessage(owner.token, { geral: true });

    const peek = await server.call('GET', `/quick-messages/${personal.body.id}`, { token: colleague.token });
    expect([peek.status, peek.body.error]).toEqual([403, 'ERR_NO_PERMISSION']);
    expect(
      (await server.call('GET', `/quick-messages/${general.body.id}`, { token: colleague.token })).status,
    ).toBe(200);
    expect(
      (await server.call('GET', `/quick-messages/${personal.body.id}`, { token: adminToken })).status,
    ).toBe(200);

    for (const target of [personal, general]) {
      const edit = await server.call('PUT', `/quick-messages/${target.body.id}`, {
        token: colleague.token,
        body: { message: 'Hijacked' },
      });
      const remove = await server.call('DELETE', `/quick-messages/${target.body.id}`, {
        token: colleague.token,
      });
      const media = await server.call('DELETE', `/quick-messages/${target.body.id}/media-upload`, {
        token: colleague.token,
      });
      expect([edit.status, remove.status, media.status]).toEqual([403, 403, 403]);
    }
    const byOwner = await server.call('PUT', `/quick-messages/${personal.body.id}`, {
      token: owner.token,
      body: { message: 'Edited', status: 'false' },
    });
    expect(byOwner.body).toMatchObject({
      message: 'Edited',
      status: false,
      shortcode: personal.body.shortcode,
    });
    const byAdmin = await server.call('PUT', `/quick-messages/${personal.body.id}`, {
      token: adminToken,
      body: { geral: true },
    });
    expect(byAdmin.body).toMatchObject({ geral: true, userId: owner.id });
    const removed = await server.call('DELETE', `/quick-messages/${general.body.id}`, { token: adminToken });
    expect(removed.body).toEqual({ message: 'Quick message deleted' });
    expect(
      (await server.call('GET', `/quick-messages/${general.body.id}`, { token: owner.token })).status,
    ).toBe(404);
  });

  it('answers the spec texts for broken fields', async () => {
    const { token } = await buildAdminSession(server);
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ shortcode: '' }, { shortcode: 'Obrigatório' }],
      [{ shortcode: '   ' }, { shortcode: 'Obrigatório' }],
      [{ shortcode: undefined }, { shortcode: 'Obrigatório' }],
      [{ shortcode: 'x'.repeat(101) }, { shortcode: 'Too Long!' }],
      [{ geral: 'maybe' }, { geral: 'Invalid value' }],
      [{ message: 'x'.repeat(10_001) }, { message: 'Too Long!' }],
    ];
    for (const [change, fields] of cases) {
      const { status, body } = await createQuickMessage(token, change);
      expect({ change, status, fields: body.fields }).toEqual({ change, status: 400, fields });
    }
    expect((await server.call('GET', '/quick-messages/list', { token })).body).toEqual([]);

    const saved = await createQuickMessage(token);
    for (const [change, fields] of [
      [{ shortcode: ' ' }, { shortcode: 'Obrigatório' }],
      [{ message: 'x'.repeat(10_001) }, { message: 'Too Long!' }],
      [{ status: 'maybe' }, { status: 'Invalid value' }],
    ] as const) {
      const { status, body } = await server.call('PUT', `/quick-messages/${saved.body.id}`, {
        token,
        body: change,
      });
      expect({ change, status, fields: body.fields }).toEqual({ change, status: 400, fields });
    }
    const kept = await server.call('GET', `/quick-messages/${saved.body.id}`, { token });
    expect(kept.body).toEqual(saved.body);
  });

  it("sends general quick messages to the company and personal ones to their owner's sockets only", async () => {
    const { company, token: adminToken } = await buildAdminSession(server);
    const owner = await staff(company);
    const colleague = await staff(company);
    const other = await buildAdminSession(server);
    const ownerSocket = await connectSocket(baseUrl, owner.token);
    const colleagueSocket = await connectSocket(baseUrl, colleague.token);
    const otherSocket = await connectSocket(baseUrl, other.token);
    try {
      const event = `company-${company.id}-quickmessage`;
      const general = await createQuickMessage(adminToken, { geral: true });
      expect(await colleagueSocket.waitFor(event)).toEqual({ action: 'create', record: general.body });
      const personal = await createQuickMessage(owner.token);
      expect(await ownerSocket.waitFor(event)).toEqual({ action: 'create', record: general.body });
      await pause(150);
      expect(ownerSocket.received(event)).toContainEqual({ action: 'create', record: personal.body });

      const hidden = await server.call('PUT', `/quick-messages/${general.body.id}`, {
        token: adminToken,
        body: { geral: false },
      });
      await server.call('DELETE', `/quick-messages/${personal.body.id}`, { token: owner.token });
      await pause(150);
      expect(colleagueSocket.received(event)).toEqual([
        { action: 'create', record: general.body },
        { action: 'delete', id: general.body.id },
        { action: 'delete', id: personal.body.id },
      ]);
      expect(JSON.stringify(colleagueSocket.received(event))).not.toContain(personal.body.shortcode);
      expect(hidden.body.geral).toBe(false);
      expect(otherSocket.events.filter((e) => e.event.startsWith(`company-${company.id}-`))).toEqual([]);
    } finally {
      ownerSocket.close();
      colleagueSocket.close();
      otherSocket.close();
    }
  });
});

describeTenantIsolation<{ id: number; shortcode: string }>({
  resource: 'quick message',
  server: () => server,
  async create(_server, owner) {
    const shortcode = `isolated${++sequence}`;
    const { status, body } = await createQuickMessage(owner.token, { shortcode, geral: true });
    if (status !== 200) throw new Error(`quick message not created: ${status} ${JSON.stringify(body)}`);
    return { id: body.id, shortcode };
  },
  byId: [
    { method: 'GET', path: (q) => `/quick-messages/${q.id}` },
    {
      method: 'PUT',
      path: (q) => `/quick-messages/${q.id}`,
      body: { message: 'Taken over', mediaPath: null },
    },
    { method: 'DELETE', path: (q) => `/quick-messages/${q.id}/media-upload` },
    { method: 'DELETE', path: (q) => `/quick-messages/${q.id}` },
  ],
  notFoundCode: 'ERR_NOT_FOUND',
  lists: [
    { path: '/quick-messages' },
    { path: (q) => `/quick-messages?searchParam=${q.shortcode}` },
    { path: '/quick-messages/list' },
  ],
});
