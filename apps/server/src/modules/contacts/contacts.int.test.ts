import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildAdminSession, buildCompany, buildUser, login } from '../../../test/factories';
import { describeTenantIsolation } from '../../../test/isolation-kit';
import { asCompany, buildConnection, fakeSession, uniquePhone } from '../../../test/messaging-fixtures';
import { connectSocket, pause } from '../../../test/socket-client';

let server: TestServer;
let baseUrl: string;
beforeAll(async () => {
  server = await startTestServer();
  baseUrl = await server.listen();
});
afterAll(() => server.close());

async function createContact(token: string, body: Record<string, unknown>) {
  return server.call('POST', '/contacts', {
    token,
    body: { name: 'Ana Souza', number: uniquePhone(), ...body },
  });
}

async function contactRow(companyId: number, id: number) {
  return asCompany(server, companyId, (tx) =>
    tx.selectFrom('contacts').where('id', '=', id).selectAll().executeTakeFirst(),
  );
}

describe('POST /contacts', () => {
  it('creates a contact as typed with its extra info when no connection is live', async () => {
    const { token, company } = await buildAdminSession(server);
    const number = uniquePhone();
    const created = await createContact(token, {
      name: '  Maria José ',
      number,
      email: 'maria@example.com',
      extraInfo: [
        { name: 'CPF', value: '123' },
        { name: 'Plano', value: 'Ouro' },
      ],
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      name: 'Maria José',
      number,
      email: 'maria@example.com',
      isGroup: false,
    });
    expect(created.body.extraInfo.map((f: { name: string; value: string }) => [f.name, f.value])).toEqual([
      ['CPF', '123'],
      ['Plano', 'Ouro'],
    ]);
    const shown = await server.call('GET', `/contacts/${created.body.id}`, { token });
    expect(shown.body).toEqual(created.body);
    expect((await contactRow(company.id, created.body.id))?.nameEditedByUser).toBe(false);
  });

  it('applies the validation texts of the spec', async () => {
    const { token } = await buildAdminSession(server);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: 'A' }, 'name', 'Too Short!'],
      [{ name: 'x'.repeat(51) }, 'name', 'Too Long!'],
      [{ name: '' }, 'name', 'Required'],
      [{ number: '1234567' }, 'number', 'Too Short!'],
      [{ number: '1'.repeat(51) }, 'number', 'Too Long!'],
      [{ number: '+55 11 9999-000O' }, 'number', 'Invalid value'],
      [{ number: '+() -' }, 'number', 'Invalid value'],
      [{ number: '' }, 'number', 'Required'],
      [{ email: 'not-an-email' }, 'email', 'Invalid email'],
    ];
    for (const [body, field, text] of cases) {
      const answer = await createContact(token, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error).toBe('ERR_VALIDATION');
      expect(answer.body.fields[field]).toBe(text);
    }
    expect((await createContact(token, { email: '' })).status).toBe(200);
    expect((await createContact(token, { number: '12345678' })).status).toBe(200);
  });

  it('refuses a second contact with the same number in the company, not in another company', async () => {
    const a = await buildAdminSession(server);
    const b = await buildAdminSession(server);
    const number = uniquePhone();
    expect((await createContact(a.token, { number })).status).toBe(200);
    const again = await createContact(a.token, { number, name: 'Someone else' });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('ERR_DUPLICATED_CONTACT');
    expect((await createContact(b.token, { number })).status).toBe(200);
  });

  it('checks and normalises the number through a live connection', async () => {
    const { token, company } = await buildAdminSession(server);
    const connection = await buildConnection(server, company);
    const session = fakeSession(server, connection.id);
    const typed = `5511${String(Date.now()).slice(-8)}`;
    const normalised = `${typed.slice(0, 4)}9${typed.slice(4)}`;
    session.checkNumber = async (n) =>
      n === typed ? { exists: true, number: normalised } : { exists: false };

    const created = await createContact(token, { number: typed });
    expect(created.status).toBe(200);
    expect(created.body.number).toBe(normalised);

    const unknown = await createContact(token, { number: uniquePhone() });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('ERR_WAPP_INVALID_CONTACT');

    session.checkNumber = async () => {
      throw new Error('socket closed');
    };
    const failed = await createContact(token, { number: uniquePhone() });
    expect(failed.status).toBe(400);
    expect(failed.body.error).toBe('ERR_WAPP_CHECK_CONTACT');
  });

  it('accepts the number as typed when the connected connection has no session on this node', async () => {
    const { token, company } = await buildAdminSession(server);
    await buildConnection(server, company);
    const number = uniquePhone();
    const created = await createContact(token, { number });
    expect(created.status).toBe(200);
    expect(created.body.number).toBe(number);
  });
});

describe('PUT /contacts/:id', () => {
  it('replaces extra info and marks a renamed contact as edited by staff', async () => {
    const { token, company } = await buildAdminSession(server);
    const created = await createContact(token, { name: 'Carlos', extraInfo: [{ name: 'Old', value: '1' }] });
    const id = created.body.id;
    const same = await server.call('PUT', `/contacts/${id}`, {
      token,
      body: { name: 'Carlos', number: created.body.number, email: 'c@example.com', extraInfo: [] },
    });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ name: 'Carlos', email: 'c@example.com', extraInfo: [] });
    expect((await contactRow(company.id, id))?.nameEditedByUser).toBe(false);

    const renamed = await server.call('PUT', `/contacts/${id}`, {
      token,
      body: { name: 'Carlos Lima', number: created.body.number, extraInfo: [{ name: 'New', value: '2' }] },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Carlos Lima');
    expect(renamed.body.extraInfo).toEqual([expect.objectContaining({ name: 'New', value: '2' })]);
    expect((await contactRow(company.id, id))?.nameEditedByUser).toBe(true);
  });

  it('refuses a number another contact has, and re-checks it on WhatsApp', async () => {
    const { token, company } = await buildAdminSession(server);
    const first = await createContact(token, {});
    const second = await createContact(token, {});
    const clash = await server.call('PUT', `/contacts/${second.body.id}`, {
      token,
      body: { name: 'Ana Souza', number: first.body.number },
    });
    expect(clash.status).toBe(400);
    expect(clash.body.error).toBe('ERR_DUPLICATED_CONTACT');

    const connection = await buildConnection(server, company);
    fakeSession(server, connection.id);
    const unregistered = await server.call('PUT', `/contacts/${second.body.id}`, {
      token,
      body: { name: 'Ana Souza', number: uniquePhone() },
    });
    expect(unregistered.body.error).toBe('ERR_WAPP_INVALID_CONTACT');
    expect((await contactRow(company.id, second.body.id))?.number).toBe(second.body.number);
  });

  it('applies the validation texts of the spec and keeps the contact as it was', async () => {
    const { token, company } = await buildAdminSession(server);
    const created = await createContact(token, { name: 'Carla', email: 'c@example.com' });
    const before = await contactRow(company.id, created.body.id);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: 'A' }, 'name', 'Too Short!'],
      [{ name: 'x'.repeat(51) }, 'name', 'Too Long!'],
      [{ name: '' }, 'name', 'Required'],
      [{ number: '1234567' }, 'number', 'Too Short!'],
      [{ number: '1'.repeat(51) }, 'number', 'Too Long!'],
      [{ number: '' }, 'number', 'Required'],
      [{ email: 'not-an-email' }, 'email', 'Invalid email'],
    ];
    for (const [change, field, text] of cases) {
      const answer = await server.call('PUT', `/contacts/${created.body.id}`, {
        token,
        body: { name: 'Carla', number: created.body.number, ...change },
      });
      expect(answer.status, JSON.stringify(change)).toBe(400);
      expect(answer.body.fields[field]).toBe(text);
    }
    expect(await contactRow(company.id, created.body.id)).toEqual(before);
  });

  it('answers 404 for an unknown contact', async () => {
    const { token } = await buildAdminSession(server);
    const answer = await server.call('PUT', '/contacts/2147483000', {
      token,
      body: { name: 'Nobody', number: uniquePhone() },
    });
    expect(answer.status).toBe(404);
  });
});

describe('GET /contacts', () => {
  it('pages 30 contacts by name and searches name (accents ignored) and number', async () => {
    const { token, company } = await buildAdminSession(server);
    const numbers: string[] = [];
    await asCompany(server, company.id, async (tx) => {
      for (let i = 0; i < 32; i++) {
        const number = uniquePhone();
        numbers.push(number);
        await tx
          .insertInto('contacts')
          .values({ companyId: company.id, name: `Cliente ${String(i).padStart(2, '0')}`, number })
          .execute();
      }
      await tx
        .insertInto('contacts')
        .values({ companyId: company.id, name: 'José Árvore', number: '5599000011' })
        .execute();
    });
    const first = await server.call('GET', '/contacts', { token });
    expect(first.body.count).toBe(33);
    expect(first.body.hasMore).toBe(true);
    expect(first.body.contacts).toHaveLength(30);
    expect(first.body.contacts[0].name).toBe('Cliente 00');
    const second = await server.call('GET', '/contacts?pageNumber=2', { token });
    expect(second.body.contacts.map((c: { name: string }) => c.name)).toEqual([
      'Cliente 30',
      'Cliente 31',
      'José Árvore',
    ]);
    expect(second.body.hasMore).toBe(false);

    const byName = await server.call('GET', '/contacts?searchParam=jose%20arv', { token });
    expect(byName.body.contacts.map((c: { name: string }) => c.name)).toEqual(['José Árvore']);
    const byNumber = await server.call('GET', `/contacts?searchParam=${numbers[5]?.slice(-6)}`, { token });
    expect(byNumber.body.contacts.map((c: { number: string }) => c.number)).toEqual([numbers[5]]);
  });

  it('filters on the local day of creation', async () => {
    const { token, company } = await buildAdminSession(server);
    await asCompany(server, company.id, async (tx) => {
      const at = (name: string, createdAt: string) =>
        tx
          .insertInto('contacts')
          .values({ companyId: company.id, name, number: uniquePhone(), createdAt: new Date(createdAt) })
          .execute();
      await at('Early', '2026-03-01T12:00:00Z');
      await at('Middle', '2026-03-05T12:00:00Z');
      await at('Late', '2026-03-09T12:00:00Z');
    });
    const names = async (query: string) =>
      (await server.call('GET', `/contacts?${query}`, { token })).body.contacts.map(
        (c: { name: string }) => c.name,
      );
    expect(await names('date=2026-03-05')).toEqual(['Middle']);
    expect(await names('dateStart=2026-03-05')).toEqual(['Late', 'Middle']);
    expect(await names('dateEnd=2026-03-05')).toEqual(['Early', 'Middle']);
    expect(await names('dateStart=2026-03-02&dateEnd=2026-03-08')).toEqual(['Middle']);
    // A day that does not exist is no filter, as junk is, rather than a database error.
    expect(await names('date=2026-02-30')).toEqual(['Early', 'Late', 'Middle']);
    expect(await names('dateStart=2026-13-01&dateEnd=2026-03-05')).toEqual(['Early', 'Middle']);
    expect(await names('dateStart=0000-01-01')).toEqual(['Early', 'Late', 'Middle']);
  });
});

describe('GET /contacts/list and /contacts/export.csv', () => {
  it('lists id, name, number and email; only a super user may name another company', async () => {
    const a = await buildAdminSession(server);
    const b = await buildAdminSession(server);
    const created = await createContact(a.token, { name: 'Listed', email: 'l@example.com' });
    const own = await server.call('GET', '/contacts/list', { token: a.token });
    expect(own.body).toEqual([
      { id: created.body.id, name: 'Listed', number: created.body.number, email: 'l@example.com' },
    ]);
    const other = await server.call('GET', `/contacts/list?companyId=${a.company.id}`, { token: b.token });
    expect(other.body).toEqual([]);
    const superCompany = await buildCompany(server);
    const superUser = await buildUser(server, superCompany, { profile: 'admin', super: true });
    const superToken = (await login(server, superUser)).token;
    const bySuper = await server.call('GET', `/contacts/list?companyId=${a.company.id}`, {
      token: superToken,
    });
    expect(bySuper.body.map((c: { id: number }) => c.id)).toEqual([created.body.id]);
  });

  it('exports contatos.csv with ; separators', async () => {
    const { token } = await buildAdminSession(server);
    const one = await createContact(token, { name: 'Bia; Costa', email: 'b@example.com' });
    const two = await createContact(token, { name: 'Ana' });
    const answer = await server.call('GET', '/contacts/export.csv', { token });
    expect(answer.status).toBe(200);
    expect(answer.response.headers['content-disposition']).toContain('contatos.csv');
    expect(answer.response.body).toBe(
      `name;number;email\r\nAna;${two.body.number};\r\n"Bia; Costa";${one.body.number};b@example.com\r\n`,
    );
  });

  it('exports names a spreadsheet would run as formulas as plain text', async () => {
    const { token } = await buildAdminSession(server);
    const names = ['=HYPERLINK("http://x";"y")', '+1+1 Ana', '-2 Bia', '@SUM(A1)', 'Zé = ok'];
    const numbers: Record<string, string> = {};
    for (const name of names) numbers[name] = (await createContact(token, { name })).body.number;
    const answer = await server.call('GET', '/contacts/export.csv', { token });
    expect(answer.status).toBe(200);
    const lines = String(answer.response.body).trimEnd().split('\r\n').slice(1).sort();
    expect(lines).toEqual(
      [
        `"'=HYPERLINK(""http://x"";""y"")";${numbers[names[0] ?? '']};`,
        `'+1+1 Ana;${numbers[names[1] ?? '']};`,
        `'-2 Bia;${numbers[names[2] ?? '']};`,
        `'@SUM(A1);${numbers[names[3] ?? '']};`,
        `Zé = ok;${numbers[names[4] ?? '']};`,
      ].sort(),
    );
  });
});

describe('contacts and roles', () => {
  it('lets attendants list, add, open and edit contacts, and refuses callers without a session', async () => {
    const { company } = await buildAdminSession(server);
    const agent = await login(server, await buildUser(server, company, { profile: 'user' }));

    const created = await createContact(agent.token, { name: 'Feita Pelo Agente' });
    expect(created.status).toBe(200);
    const edited = await server.call('PUT', `/contacts/${created.body.id}`, {
      token: agent.token,
      body: { name: 'Editada Pelo Agente', number: created.body.number },
    });
    expect(edited.body.name).toBe('Editada Pelo Agente');
    expect((await server.call('GET', `/contacts/${created.body.id}`, { token: agent.token })).status).toBe(
      200,
    );
    const listed = await server.call('GET', '/contacts?searchParam=editada', { token: agent.token });
    expect(listed.body.contacts.map((c: { id: number }) => c.id)).toEqual([created.body.id]);

    for (const [method, path] of [
      ['GET', '/contacts'],
      ['GET', `/contacts/${created.body.id}`],
      ['POST', '/contacts'],
      ['PUT', `/contacts/${created.body.id}`],
      ['DELETE', `/contacts/${created.body.id}`],
    ] as const) {
      const anonymous = await server.call(method, path, { body: { name: 'Anon', number: uniquePhone() } });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
    }
    expect((await contactRow(company.id, created.body.id))?.name).toBe('Editada Pelo Agente');
  });
});

describe('DELETE /contacts/:id', () => {
  it('is for admins and takes the tickets along', async () => {
    const { token, company } = await buildAdminSession(server);
    const agent = await buildUser(server, company, { profile: 'user' });
    const agentToken = (await login(server, agent)).token;
    const created = await createContact(token, { extraInfo: [{ name: 'X', value: 'y' }] });
    await asCompany(server, company.id, (tx) =>
      tx
        .insertInto('tickets')
        .values({ companyId: company.id, contactId: created.body.id, status: 'open' })
        .execute(),
    );
    expect((await server.call('DELETE', `/contacts/${created.body.id}`, { token: agentToken })).status).toBe(
      403,
    );
    const removed = await server.call('DELETE', `/contacts/${created.body.id}`, { token });
    expect(removed.status).toBe(200);
    expect((await server.call('GET', `/contacts/${created.body.id}`, { token })).status).toBe(404);
    const left = await asCompany(server, company.id, async (tx) => ({
      tickets: await tx.selectFrom('tickets').where('contactId', '=', created.body.id).select('id').execute(),
      fields: await tx
        .selectFrom('contactCustomFields')
        .where('contactId', '=', created.body.id)
        .select('id')
        .execute(),
    }));
    expect(left).toEqual({ tickets: [], fields: [] });
    expect((await server.call('DELETE', `/contacts/${created.body.id}`, { token })).status).toBe(404);
  });
});

describe('GET /contact', () => {
  it('finds the contact by number or creates it', async () => {
    const { token } = await buildAdminSession(server);
    const existing = await createContact(token, { name: 'Known' });
    const found = await server.call('GET', `/contact?name=Other&number=${existing.body.number}`, { token });
    expect(found.body).toMatchObject({ id: existing.body.id, name: 'Known' });
    const number = uniquePhone();
    const made = await server.call('GET', `/contact?name=From%20vCard&number=${number}`, { token });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ name: 'From vCard', number });
    const again = await server.call('GET', `/contact?name=From%20vCard&number=${number}`, { token });
    expect(again.body.id).toBe(made.body.id);
  });
});

describe('POST /contacts/upload', () => {
  it('creates the good rows whatever the column spelling and reports the others', async () => {
    const { token, company } = await buildAdminSession(server);
    const existing = await createContact(token, { name: 'Already' });
    const [n1, n2, n3] = [uniquePhone(), uniquePhone(), uniquePhone()];
    const socket = await connectSocket(baseUrl, token);
    try {
      const answer = await server.call('POST', '/contacts/upload', {
        token,
        body: [
          { Nome: 'Ana', Número: n1, 'E-mail': 'ana@example.com' },
          { ' nome ': 'Beto', numero: `+${n2.slice(0, 2)} ${n2.slice(2)}`, email: '' },
          { NAME: 'Caio', NUMBER: Number(n3) },
          { name: 'Sem número', email: 'x@example.com' },
          { name: 'Dup', number: existing.body.number },
          { name: 'Bad mail', number: uniquePhone(), email: 'nope' },
          { name: 'Ana again', number: n1 },
        ],
      });
      expect(answer.status).toBe(200);
      const rows = await asCompany(server, company.id, (tx) =>
        tx.selectFrom('contacts').select(['id', 'name', 'number', 'email']).orderBy('id').execute(),
      );
      const byNumber = new Map(rows.map((r) => [r.number, r]));
      expect(byNumber.get(n1)).toMatchObject({ name: 'Ana', email: 'ana@example.com' });
      expect(byNumber.get(n2)).toMatchObject({ name: 'Beto', email: '' });
      expect(byNumber.get(n3)).toMatchObject({ name: 'Caio' });
      expect(rows).toHaveLength(4);
      expect(answer.body.newContacts).toEqual(
        [n1, n2, n3].map((n) => ({ contactId: byNumber.get(n)?.id, contactName: byNumber.get(n)?.name })),
      );
      // Reported in row order.
      expect(answer.body.errorBag).toEqual([
        { contactName: 'Sem número', error: { message: 'ERR_CONTACT_WITHOUT_NUMBER' } },
        { contactName: 'Dup', error: { message: 'ERR_DUPLICATED_CONTACT' } },
        { contactName: 'Bad mail', error: { message: 'email: Invalid email' } },
        { contactName: 'Ana again', error: { message: 'ERR_DUPLICATED_CONTACT' } },
      ]);
      const reload = (await socket.waitFor(`company-${company.id}-contact`)) as {
        action: string;
        records: Array<{ number: string }>;
      };
      expect(reload.action).toBe('reload');
      expect(reload.records.map((r) => r.number)).toEqual([n1, n2, n3]);
    } finally {
      socket.close();
    }
  });

  it('reports the numbers WhatsApp does not know when a connection is live', async () => {
    const { token, company } = await buildAdminSession(server);
    const connection = await buildConnection(server, company);
    const session = fakeSession(server, connection.id);
    const known = uniquePhone();
    session.registered.add(known);
    const answer = await server.call('POST', '/contacts/upload', {
      token,
      body: [
        { nome: 'Known', numero: known },
        { nome: 'Unknown', numero: uniquePhone() },
      ],
    });
    expect(answer.body.newContacts).toEqual([{ contactId: expect.any(Number), contactName: 'Known' }]);
    expect(answer.body.errorBag).toEqual([
      { contactName: 'Unknown', error: { message: 'ERR_WAPP_INVALID_CONTACT' } },
    ]);
  });

  it('refuses a body that is not an array of rows', async () => {
    const { token } = await buildAdminSession(server);
    const answer = await server.call('POST', '/contacts/upload', { token, body: { nome: 'x' } });
    expect(answer.status).toBe(400);
  });
});

describe('POST /contacts/import', () => {
  it("adds the default connection's phone contacts once, without groups", async () => {
    const { token, company } = await buildAdminSession(server);
    const connection = await buildConnection(server, company);
    const [p1, p2] = [uniquePhone(), uniquePhone()];
    const existing = await createContact(token, { name: 'Kept name' });
    await asCompany(server, company.id, (tx) =>
      tx
        .insertInto('whatsappContacts')
        .values(
          [
            { jid: `${p1}@s.whatsapp.net`, name: 'Phone One', notify: 'One' },
            { jid: `${p2}:3@s.whatsapp.net`, name: null, notify: 'Notify Two' },
            { jid: `120363000000${p1}@g.us`, name: 'A group', notify: null },
            { jid: `99887766554433@lid`, name: 'Alias', notify: null },
            { jid: `${existing.body.number}@s.whatsapp.net`, name: 'Other name', notify: null },
          ].map((v) => ({ ...v, companyId: company.id, whatsappId: connection.id })),
        )
        .execute(),
    );
    const socket = await connectSocket(baseUrl, token);
    try {
      const answer = await server.call('POST', '/contacts/import', { token });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ count: 2 });
      const rows = await asCompany(server, company.id, (tx) =>
        tx.selectFrom('contacts').select(['name', 'number', 'whatsappId']).orderBy('name').execute(),
      );
      expect(rows).toEqual([
        { name: 'Kept name', number: existing.body.number, whatsappId: null },
        { name: 'Notify Two', number: p2, whatsappId: connection.id },
        { name: 'Phone One', number: p1, whatsappId: connection.id },
      ]);
      const reload = (await socket.waitFor(`company-${company.id}-contact`)) as {
        action: string;
        records: unknown[];
      };
      expect(reload.action).toBe('reload');
      expect(reload.records).toHaveLength(2);
      expect((await server.call('POST', '/contacts/import', { token })).body).toEqual({ count: 0 });
    } finally {
      socket.close();
    }
  });

  it('answers ERR_NO_DEF_WAPP_FOUND without a connected connection', async () => {
    const { token } = await buildAdminSession(server);
    const answer = await server.call('POST', '/contacts/import', { token });
    expect(answer.status).toBe(404);
    expect(answer.body.error).toBe('ERR_NO_DEF_WAPP_FOUND');
  });
});

describe('contact events', () => {
  it("tells the company's sockets of created, updated and deleted contacts, and no other company's", async () => {
    const a = await buildAdminSession(server);
    const b = await buildAdminSession(server);
    const socketA = await connectSocket(baseUrl, a.token);
    const socketB = await connectSocket(baseUrl, b.token);
    const event = `company-${a.company.id}-contact`;
    try {
      const created = await createContact(a.token, { name: 'Evented' });
      expect(await socketA.waitFor(event)).toEqual({ action: 'create', contact: created.body });
      const updated = await server.call('PUT', `/contacts/${created.body.id}`, {
        token: a.token,
        body: { name: 'Evented 2', number: created.body.number },
      });
      await server.call('DELETE', `/contacts/${created.body.id}`, { token: a.token });
      await pause(300);
      expect(socketA.received(event)).toEqual([
        { action: 'create', contact: created.body },
        { action: 'update', contact: updated.body },
        { action: 'delete', contactId: created.body.id },
      ]);
      expect(socketB.events.filter((e) => e.event.startsWith(`company-${a.company.id}-`))).toEqual([]);
    } finally {
      socketA.close();
      socketB.close();
    }
  });
});

describeTenantIsolation<{ id: number; number: string }>({
  resource: 'contact',
  server: () => server,
  async create(_server, owner) {
    const { status, body } = await createContact(owner.token, { name: 'Isolated' });
    if (status !== 200) throw new Error(`contact not created: ${status} ${JSON.stringify(body)}`);
    return { id: body.id, number: body.number };
  },
  byId: [
    { method: 'GET', path: (c) => `/contacts/${c.id}` },
    {
      method: 'PUT',
      path: (c) => `/contacts/${c.id}`,
      body: () => ({ name: 'Taken', number: uniquePhone() }),
    },
    { method: 'DELETE', path: (c) => `/contacts/${c.id}` },
  ],
  notFoundCode: 'ERR_NO_CONTACT_FOUND',
  lists: [
    { path: '/contacts' },
    { path: (c) => `/contacts?searchParam=${c.number}` },
    { path: '/contacts/list' },
    {
      path: '/contacts/export.csv',
      contains: (body, c) => typeof body === 'string' && body.includes(c.number),
    },
    // Find-or-create by number: company B gets a contact of its own, never A's.
    {
      path: (c) => `/contact?number=${c.number}&name=Isolated`,
      contains: (body, c) => (body as { id?: number }).id === c.id,
    },
  ],
});
