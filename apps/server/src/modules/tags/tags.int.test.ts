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
const tagName = (label = 'Tag') => `${label} ${++sequence}`;

async function staff(company: BuiltCompany, profile: 'user' | 'supervisor' | 'admin') {
  const user = await buildUser(server, company, { profile });
  return { id: user.id, token: (await login(server, user)).token };
}

async function createTag(token: string, body: Record<string, unknown> = {}) {
  return server.call('POST', '/tags', { token, body: { name: tagName(), ...body } });
}

/** Puts the tag on `count` new tickets of the company. */
async function tagTickets(companyId: number, tagId: number, count: number): Promise<number[]> {
  return server.ctx.scopes.tenant(companyId).run(async (tx) => {
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const contact = await tx
        .insertInto('contacts')
        .values({ companyId, name: 'Customer', number: `55${process.pid}${++sequence}` })
        .returning('id')
        .executeTakeFirstOrThrow();
      const ticket = await tx
        .insertInto('tickets')
        .values({ companyId, contactId: contact.id, status: 'open' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx.insertInto('ticketTags').values({ companyId, ticketId: ticket.id, tagId }).execute();
      ids.push(ticket.id);
    }
    return ids;
  });
}

describe('tags', () => {
  it('creates a tag with the default colour, authored by the caller whatever userId says', async () => {
    const { company, admin } = await buildAdminSession(server);
    const user = await staff(company, 'user');
    const created = await createTag(user.token, { name: 'Urgent', userId: admin.id });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      name: 'Urgent',
      color: '#A4CCCC',
      kanban: 0,
      userId: user.id,
      ticketsCount: 0,
    });
    const shown = await server.call('GET', `/tags/${created.body.id}`, { token: user.token });
    expect(shown.body).toEqual(created.body);
  });

  it('lets only admins and supervisors make a kanban lane', async () => {
    const { company, token } = await buildAdminSession(server);
    const supervisor = await staff(company, 'supervisor');
    const user = await staff(company, 'user');
    expect((await createTag(token, { kanban: 1 })).body.kanban).toBe(1);
    expect((await createTag(supervisor.token, { kanban: true })).body.kanban).toBe(1);
    const userTag = await createTag(user.token, { kanban: 1 });
    expect(userTag.body.kanban).toBe(0);

    const userEdit = await server.call('PUT', `/tags/${userTag.body.id}`, {
      token: user.token,
      body: { name: 'Renamed by me', kanban: 1 },
    });
    expect(userEdit.body).toMatchObject({ name: 'Renamed by me', kanban: 0 });
    const adminEdit = await server.call('PUT', `/tags/${userTag.body.id}`, { token, body: { kanban: 1 } });
    expect(adminEdit.body).toMatchObject({ name: 'Renamed by me', kanban: 1 });
    const keptByUser = await server.call('PUT', `/tags/${userTag.body.id}`, {
      token: user.token,
      body: { color: '#123456', kanban: 0 },
    });
    expect(keptByUser.body).toMatchObject({ color: '#123456', kanban: 1 });
  });

  it('answers the kanban lanes by id, only when the plan has kanban', async () => {
    const { token, company } = await buildAdminSession(server);
    const first = await createTag(token, { name: 'Zulu lane', kanban: 1 });
    await createTag(token, { name: 'Not a lane' });
    const second = await createTag(token, { name: 'Alpha lane', kanban: 1 });
    await tagTickets(company.id, second.body.id, 2);
    const lanes = await server.call('GET', '/tags/kanban', { token });
    expect(lanes.status).toBe(200);
    expect(lanes.body).toEqual({ lista: [first.body, { ...second.body, ticketsCount: 2 }] });

    const noKanban = await buildAdminSession(server, { plan: { useKanban: false } });
    const refused = await server.call('GET', '/tags/kanban', { token: noKanban.token });
    expect([refused.status, refused.body.error]).toEqual([403, 'ERR_PLAN_FEATURE_DISABLED']);
  });

  it('pages tags by name, 20 at a time, matching case and accents loosely, with ticket counts', async () => {
    const { token, company } = await buildAdminSession(server);
    for (let i = 0; i < 21; i++) await createTag(token, { name: `Ação ${String(i).padStart(2, '0')}` });
    await createTag(token, { name: 'Something else' });
    const counted = await createTag(token, { name: 'Counted' });
    await tagTickets(company.id, counted.body.id, 3);

    const first = await server.call('GET', '/tags?searchParam=ACAO', { token });
    expect(first.body.tags).toHaveLength(20);
    expect(first.body).toMatchObject({ count: 21, hasMore: true });
    expect(first.body.tags[0].name).toBe('Ação 00');
    const second = await server.call('GET', '/tags?searchParam=acao&pageNumber=2', { token });
    expect(second.body).toMatchObject({ count: 21, hasMore: false });
    expect(second.body.tags.map((t: { name: string }) => t.name)).toEqual(['Ação 20']);

    const withCount = await server.call('GET', '/tags?searchParam=count', { token });
    expect(withCount.body.tags).toEqual([{ ...counted.body, ticketsCount: 3 }]);
    const literal = await server.call('GET', '/tags?searchParam=%25', { token });
    expect(literal.body.count).toBe(0);
  });

  it('answers the spec texts for broken fields', async () => {
    const { token } = await buildAdminSession(server);
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ name: '' }, { name: 'Obrigatório' }],
      [{ name: undefined }, { name: 'Obrigatório' }],
      [{ name: 'ab' }, { name: 'Mensagem muito curta' }],
      [{ name: 'x'.repeat(101) }, { name: 'Too Long!' }],
      [{ color: 'blue' }, { color: 'Invalid value' }],
      [{ kanban: 2 }, { kanban: 'Invalid value' }],
    ];
    for (const [change, fields] of cases) {
      const { status, body } = await createTag(token, change);
      expect({ change, status, fields: body.fields }).toEqual({ change, status: 400, fields });
    }
    const tag = await createTag(token);
    for (const [change, fields] of [
      [{ name: 'no' }, { name: 'Mensagem muito curta' }],
      [{ name: ' ' }, { name: 'Obrigatório' }],
      [{ color: 'blue' }, { color: 'Invalid value' }],
      [{ kanban: 'yes' }, { kanban: 'Invalid value' }],
    ] as const) {
      const edit = await server.call('PUT', `/tags/${tag.body.id}`, { token, body: change });
      expect({ change, status: edit.status, fields: edit.body.fields }).toEqual({
        change,
        status: 400,
        fields,
      });
    }
    expect((await server.call('GET', `/tags/${tag.body.id}`, { token })).body).toEqual(tag.body);
  });

  it('leaves edits and deletes to admins and the creator', async () => {
    const { company, token } = await buildAdminSession(server);
    const author = await staff(company, 'user');
    const colleague = await staff(company, 'user');
    const supervisor = await staff(company, 'supervisor');
    const tag = await createTag(author.token, { name: 'Mine' });
    for (const other of [colleague, supervisor]) {
      const edit = await server.call('PUT', `/tags/${tag.body.id}`, {
        token: other.token,
        body: { name: 'Theirs' },
      });
      const remove = await server.call('DELETE', `/tags/${tag.body.id}`, { token: other.token });
      expect([edit.status, edit.body.error, remove.status]).toEqual([403, 'ERR_NO_PERMISSION', 403]);
    }
    const byAuthor = await server.call('PUT', `/tags/${tag.body.id}`, {
      token: author.token,
      body: { name: 'Still mine' },
    });
    expect(byAuthor.body.name).toBe('Still mine');
    const byAdmin = await server.call('PUT', `/tags/${tag.body.id}`, { token, body: { name: 'Admin says' } });
    expect(byAdmin.body.name).toBe('Admin says');
    const removed = await server.call('DELETE', `/tags/${tag.body.id}`, { token: author.token });
    expect(removed.body).toEqual({ message: 'Tag deleted' });
    expect((await server.call('GET', `/tags/${tag.body.id}`, { token })).status).toBe(404);
  });

  it('takes a deleted tag off its tickets', async () => {
    const { company, token } = await buildAdminSession(server);
    const tag = await createTag(token);
    const kept = await createTag(token);
    const [ticketId = 0] = await tagTickets(company.id, tag.body.id, 1);
    await server.ctx.scopes
      .tenant(company.id)
      .run((tx) =>
        tx
          .insertInto('ticketTags')
          .values({ companyId: company.id, ticketId, tagId: kept.body.id })
          .execute(),
      );
    await server.call('DELETE', `/tags/${tag.body.id}`, { token });
    const links = await server.ctx.scopes
      .tenant(company.id)
      .run((tx) => tx.selectFrom('ticketTags').where('ticketId', '=', ticketId).select('tagId').execute());
    expect(links).toEqual([{ tagId: kept.body.id }]);
  });

  it("lists every tag by name; only a super user may name another company's", async () => {
    const a = await buildAdminSession(server);
    const zed = await createTag(a.token, { name: 'Zed' });
    const abe = await createTag(a.token, { name: 'abe' });
    expect((await server.call('GET', '/tags/list', { token: a.token })).body).toEqual([abe.body, zed.body]);

    const b = await buildAdminSession(server);
    const asAdmin = await server.call('GET', `/tags/list?companyId=${a.company.id}`, { token: b.token });
    expect(asAdmin.body).toEqual([]);
    const superUser = await buildUser(server, b.company, { super: true });
    const superToken = (await login(server, superUser)).token;
    const asSuper = await server.call('GET', `/tags/list?companyId=${a.company.id}`, { token: superToken });
    expect(asSuper.body).toEqual([abe.body, zed.body]);
  });

  it("tells the company's sockets of created, updated and deleted tags, and no other company's", async () => {
    const a = await buildAdminSession(server);
    const b = await buildAdminSession(server);
    const user = await staff(a.company, 'user');
    const socketA = await connectSocket(baseUrl, user.token);
    const socketB = await connectSocket(baseUrl, b.token);
    try {
      const event = `company-${a.company.id}-tag`;
      const created = await createTag(a.token);
      expect(await socketA.waitFor(event)).toEqual({ action: 'create', tag: created.body });
      const updated = await server.call('PUT', `/tags/${created.body.id}`, {
        token: a.token,
        body: { name: 'Renamed' },
      });
      await server.call('DELETE', `/tags/${created.body.id}`, { token: a.token });
      await pause(100);
      expect(socketA.received(event)).toEqual([
        { action: 'create', tag: created.body },
        { action: 'update', tag: updated.body },
        { action: 'delete', tagId: created.body.id },
      ]);
      expect(socketB.events.filter((e) => e.event.startsWith(`company-${a.company.id}-`))).toEqual([]);
    } finally {
      socketA.close();
      socketB.close();
    }
  });
});

describeTenantIsolation<{ id: number; name: string }>({
  resource: 'tag',
  server: () => server,
  async create(_server, owner) {
    const name = tagName('Isolated');
    const { status, body } = await createTag(owner.token, { name, kanban: 1 });
    if (status !== 200) throw new Error(`tag not created: ${status} ${JSON.stringify(body)}`);
    return { id: body.id, name };
  },
  byId: [
    { method: 'GET', path: (t) => `/tags/${t.id}` },
    { method: 'PUT', path: (t) => `/tags/${t.id}`, body: { name: 'Taken over', kanban: 0 } },
    { method: 'DELETE', path: (t) => `/tags/${t.id}` },
  ],
  notFoundCode: 'ERR_NOT_FOUND',
  lists: [
    { path: '/tags' },
    { path: (t) => `/tags?searchParam=${encodeURIComponent(t.name)}` },
    { path: '/tags/list' },
    { path: '/tags/kanban' },
  ],
});
