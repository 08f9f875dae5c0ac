import writeXlsxFile from 'write-excel-file/node';
import { utils as sheetUtils, write as writeWorkbook } from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdminSession } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { describeTenantIsolation } from '../../../test/isolation-kit';
import { eventually, uniquePhone } from '../../../test/messaging-fixtures';
import { multipartBody } from '../../../test/multipart';
import { connectSocket } from '../../../test/socket-client';
import { saveSetting } from '../settings';
import { buildContactList, connectedSimulator } from './contact-lists.fixtures';
import { itemsCheckPacing } from './jobs/items-check.job';

let server: TestServer;
let baseUrl: string;
beforeAll(async () => {
  server = await startTestServer();
  baseUrl = await server.listen();
  itemsCheckPacing.perSecond = 1000;
});
afterAll(() => server.close());

type Cell = string | number | null;
const cells = (values: Cell[]) => values.map((value) => (value === null ? null : { value }));

async function upload(token: string, listId: number, name: string, content: Buffer) {
  const form = await multipartBody({}, { name, content, type: 'application/octet-stream' });
  return server.call('POST', `/contact-lists/${listId}/upload`, {
    token,
    body: form.body,
    headers: form.headers,
  });
}

async function newList(token: string, name = 'Clientes VIP') {
  const answer = await server.call('POST', '/contact-lists', { token, body: { name } });
  expect(answer.status).toBe(200);
  return answer.body as { id: number; name: string; contactsCount: number };
}

describe('contact lists', () => {
  it('validates the name (2–50) and answers lists with their item counts, searched and paged by 20', async () => {
    const { token, company } = await buildAdminSession(server);
    const short = await server.call('POST', '/contact-lists', { token, body: { name: 'A' } });
    expect(short).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: { name: 'Too Short!' } },
    });
    const long = await server.call('POST', '/contact-lists', { token, body: { name: 'x'.repeat(51) } });
    expect(long.body.fields).toEqual({ name: 'Too Long!' });
    const missing = await server.call('POST', '/contact-lists', { token, body: {} });
    expect(missing.body.fields).toEqual({ name: 'Required' });

    await buildContactList(
      server,
      company.id,
      [
        { name: 'Ana', number: uniquePhone() },
        { name: 'Beto', number: uniquePhone() },
      ],
      'Promoção Março',
    );
    for (let i = 0; i < 21; i++) await newList(token, `Lista ${String(i).padStart(2, '0')}`);

    const found = await server.call('GET', '/contact-lists?searchParam=PROMOCAO', { token });
    expect(found.body).toMatchObject({ count: 1, hasMore: false });
    expect(found.body.records[0]).toMatchObject({ name: 'Promoção Março', contactsCount: 2 });
    const first = await server.call('GET', '/contact-lists?pageNumber=1', { token });
    expect(first.body).toMatchObject({ count: 22, hasMore: true });
    expect(first.body.records).toHaveLength(20);
    const second = await server.call('GET', '/contact-lists?pageNumber=2', { token });
    expect(second.body).toMatchObject({ count: 22, hasMore: false });
    expect(second.body.records).toHaveLength(2);
    const all = await server.call('GET', '/contact-lists/list', { token });
    expect(all.body).toHaveLength(22);
  });

  it('renames and deletes a list with its items, emitting -ContactList events', async () => {
    const { token, company } = await buildAdminSession(server);
    const socket = await connectSocket(baseUrl, token);
    const list = await newList(token);
    const renamed = await server.call('PUT', `/contact-lists/${list.id}`, {
      token,
      body: { name: 'Renomeada' },
    });
    expect(renamed.body).toMatchObject({ id: list.id, name: 'Renomeada', contactsCount: 0 });
    await server.call('POST', '/contact-list-items', {
      token,
      body: { name: 'Ana', number: uniquePhone(), email: '', contactListId: list.id },
    });
    expect((await server.call('DELETE', `/contact-lists/${list.id}`, { token })).body).toEqual({
      message: 'Contact list deleted',
    });
    expect((await server.call('GET', `/contact-lists/${list.id}`, { token })).status).toBe(404);
    const items = await server.ctx.scopes
      .tenant(company.id)
      .run((tx) =>
        tx.selectFrom('contactListItems').where('contactListId', '=', list.id).selectAll().execute(),
      );
    expect(items).toEqual([]);
    const events = await eventually(async () => {
      const seen = socket.received(`company-${company.id}-ContactList`) as Array<{ action: string }>;
      return seen.length >= 3 ? seen : undefined;
    });
    expect(events.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
    socket.close();
  });

  it('is refused without the plan flag or with campaignsEnabled off', async () => {
    const noPlan = await buildAdminSession(server, { plan: { useCampaigns: false } });
    const refused = await server.call('GET', '/contact-lists', { token: noPlan.token });
    expect(refused).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_FEATURE_DISABLED' } });
    const off = await buildAdminSession(server);
    await server.ctx.scopes.tenant(off.company.id).run((tx) => saveSetting(tx, 'campaignsEnabled', 'false'));
    const closed = await server.call('POST', '/contact-lists', { token: off.token, body: { name: 'Nope' } });
    expect(closed).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_FEATURE_DISABLED' } });
  });
});

describe('list items', () => {
  it('validates name 2–50, number 8–50 digits and email, and finds-or-creates on (list, number)', async () => {
    const { token } = await buildAdminSession(server);
    const list = await newList(token);
    const post = (body: Record<string, unknown>) =>
      server.call('POST', '/contact-list-items', {
        token,
        body: { contactListId: list.id, email: '', ...body },
      });
    expect((await post({ name: 'A', number: '5511999990000' })).body.fields).toEqual({ name: 'Too Short!' });
    expect((await post({ name: 'Ana', number: '1234567' })).body.fields).toEqual({ number: 'Too Short!' });
    expect((await post({ name: 'Ana', number: '9'.repeat(51) })).body.fields).toEqual({
      number: 'Too Long!',
    });
    expect((await post({ name: 'Ana', number: '55abc11999' })).body.fields).toEqual({
      number: 'Invalid value',
    });
    expect((await post({ name: 'Ana', number: '5511999990000', email: 'nope' })).body.fields).toEqual({
      email: 'Invalid email',
    });
    expect((await post({ name: 'Ana', number: '5511999990000', contactListId: 999999 })).status).toBe(404);

    const number = uniquePhone();
    const created = await post({ name: 'Ana Souza', number, email: 'ana@x.test' });
    expect(created.body).toMatchObject({
      name: 'Ana Souza',
      number,
      email: 'ana@x.test',
      contactListId: list.id,
    });
    const again = await post({ name: 'Outra Ana', number });
    expect(again.body.id).toBe(created.body.id);

    const edited = await server.call('PUT', `/contact-list-items/${created.body.id}`, {
      token,
      body: { name: 'Ana Lima', number, email: '' },
    });
    expect(edited.body).toMatchObject({ name: 'Ana Lima', email: '' });
    const page = await server.call('GET', `/contact-list-items?contactListId=${list.id}&searchParam=lima`, {
      token,
    });
    expect(page.body).toMatchObject({ count: 1, hasMore: false });
    expect(page.body.contacts[0].id).toBe(created.body.id);
    expect((await server.call('DELETE', `/contact-list-items/${created.body.id}`, { token })).status).toBe(
      200,
    );
    expect((await server.call('GET', `/contact-list-items/${created.body.id}`, { token })).status).toBe(404);
    const missingList = await server.call('GET', '/contact-list-items', { token });
    expect(missingList.body.fields).toEqual({ contactListId: 'Required' });
  });

  it('imports an .xlsx by its header variants, reports rows without a number, then checks them on WhatsApp', async () => {
    const { token, company } = await buildAdminSession(server);
    await connectedSimulator(server, token);
    const list = await newList(token);
    const socket = await connectSocket(baseUrl, token);
    const ana = uniquePhone();
    const sheet = await writeXlsxFile([
      {
        sheet: 'Lista',
        data: [
          cells(['NOME', 'Número', 'e-mail']),
          cells(['Ana Planilha', Number(ana), 'ana@x.test']),
          cells(['Sem Número', null, null]),
          cells([null, null, null]),
          cells(['Curto', '1234', null]),
          // 55 + area code + 8 digits: WhatsApp answers with the ninth digit.
          cells(['Beto Fixo', '551188887777', null]),
          cells(['Ana Repetida', ana, null]),
        ],
      },
    ]).toBuffer();

    const answer = await upload(token, list.id, 'lista.xlsx', sheet);
    expect(answer.status).toBe(200);
    expect(answer.body.contacts.map((c: { name: string }) => c.name)).toEqual(['Ana Planilha', 'Beto Fixo']);
    expect(answer.body.errorBag).toEqual([
      { contactName: 'Sem Número', error: { message: 'ERR_CONTACT_WITHOUT_NUMBER' } },
      { contactName: 'Curto', error: { message: 'number: Too Short!' } },
    ]);
    expect(await socket.waitFor(`company-${company.id}-ContactListItem-${list.id}`)).toEqual({
      action: 'reload',
    });

    const checked = await eventually(async () => {
      const page = await server.call('GET', `/contact-list-items?contactListId=${list.id}`, { token });
      const rows = page.body.contacts as Array<{
        name: string;
        number: string;
        isWhatsappValid: boolean | null;
      }>;
      return rows.every((r) => r.isWhatsappValid !== null) ? rows : undefined;
    });
    expect(checked.map((r) => [r.name, r.number, r.isWhatsappValid])).toEqual([
      ['Ana Planilha', ana, true],
      ['Beto Fixo', '5511988887777', true],
    ]);
    const updates = socket.received(`company-${company.id}-ContactListItem`) as Array<{ action: string }>;
    expect(updates.filter((u) => u.action === 'update').length).toBeGreaterThanOrEqual(2);
    socket.close();
  });

  it('marks a number unknown to WhatsApp grey (invalid)', async () => {
    const { token } = await buildAdminSession(server);
    await connectedSimulator(server, token);
    const list = await newList(token);
    await server.call('POST', '/contact-list-items', {
      token,
      body: { name: 'Desconhecido', number: '123456789', email: '', contactListId: list.id },
    });
    const item = await eventually(async () => {
      const page = await server.call('GET', `/contact-list-items?contactListId=${list.id}`, { token });
      const [row] = page.body.contacts as Array<{ isWhatsappValid: boolean | null }>;
      return row && row.isWhatsappValid !== null ? row : undefined;
    });
    expect(item.isWhatsappValid).toBe(false);
  });

  it('imports a legacy .xls sheet and refuses other files naming file', async () => {
    const { token } = await buildAdminSession(server);
    const list = await newList(token);
    const number = uniquePhone();
    const book = sheetUtils.book_new();
    sheetUtils.book_append_sheet(
      book,
      sheetUtils.aoa_to_sheet([
        ['name', 'number'],
        ['Carla Xls', number],
      ]),
      'S1',
    );
    const xls = writeWorkbook(book, { type: 'buffer', bookType: 'biff8' }) as Buffer;
    const answer = await upload(token, list.id, 'antiga.xls', xls);
    expect(answer.status).toBe(200);
    expect(answer.body.contacts).toMatchObject([{ name: 'Carla Xls', number }]);

    const csv = await upload(token, list.id, 'lista.csv', Buffer.from('name;number\n'));
    expect(csv).toMatchObject({ status: 400, body: { fields: { file: 'Invalid value' } } });
    const broken = await upload(token, list.id, 'lista.xlsx', Buffer.from('not a zip'));
    expect(broken).toMatchObject({ status: 400, body: { fields: { file: 'Invalid value' } } });
  });

  it('exports the items as contatos.csv separated by ;', async () => {
    const { token, company } = await buildAdminSession(server);
    const [a, b] = [uniquePhone(), uniquePhone()];
    const list = await buildContactList(server, company.id, [
      { name: 'Zeca; o Bom', number: b, email: 'z@x.test' },
      { name: 'Ana', number: a },
    ]);
    const answer = await server.call('GET', `/contact-lists/${list.id}/export.csv`, { token });
    expect(answer.response.headers['content-disposition']).toContain('contatos.csv');
    expect(answer.response.body).toBe(`name;number;email\r\nAna;${a};\r\n"Zeca; o Bom";${b};z@x.test\r\n`);
  });
});

describeTenantIsolation<{ id: number }>({
  resource: 'contact list',
  server: () => server,
  async create(_server, owner) {
    return newList(owner.token, 'Isolada');
  },
  byId: [
    { method: 'GET', path: (l) => `/contact-lists/${l.id}` },
    { method: 'PUT', path: (l) => `/contact-lists/${l.id}`, body: { name: 'Tomada' } },
    { method: 'GET', path: (l) => `/contact-lists/${l.id}/export.csv` },
    { method: 'GET', path: (l) => `/contact-list-items?contactListId=${l.id}` },
    {
      method: 'POST',
      path: '/contact-list-items',
      body: (l: { id: number }) => ({ name: 'Intrusa', number: uniquePhone(), email: '', contactListId: l.id }),
    },
    { method: 'DELETE', path: (l) => `/contact-lists/${l.id}` },
  ],
  lists: [{ path: '/contact-lists' }, { path: '/contact-lists/list' }],
});

describeTenantIsolation<{ id: number; listId: number }>({
  resource: 'contact list item',
  server: () => server,
  async create(_server, owner) {
    const list = await newList(owner.token, 'Com item');
    const item = await server.call('POST', '/contact-list-items', {
      token: owner.token,
      body: { name: 'Item Isolado', number: uniquePhone(), email: '', contactListId: list.id },
    });
    return { id: item.body.id, listId: list.id };
  },
  byId: [
    { method: 'GET', path: (i) => `/contact-list-items/${i.id}` },
    {
      method: 'PUT',
      path: (i) => `/contact-list-items/${i.id}`,
      body: { name: 'Tomado', number: '5511912345678', email: '' },
    },
    { method: 'DELETE', path: (i) => `/contact-list-items/${i.id}` },
  ],
});
