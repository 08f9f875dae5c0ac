import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../platform/auth/passwords';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildAdminSession, buildCompany, buildUser, login } from '../../../test/factories';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

let sequence = 0;
const newEmail = () => `edited-${process.pid}-${Date.now()}-${++sequence}@example.com`;

async function storedUser(id: number) {
  return server.ctx.scopes.asSystem((tx) =>
    tx.db.selectFrom('users').where('id', '=', id).selectAll().executeTakeFirstOrThrow(),
  );
}

async function createQueue(companyId: number, name: string) {
  return server.ctx.scopes.tenant(companyId).run((tx) =>
    tx
      .insertInto('queues')
      .values({ companyId, name, color: `#${(++sequence).toString(16).padStart(6, '0')}` })
      .returning(['id', 'name', 'color'])
      .executeTakeFirstOrThrow(),
  );
}

async function createWhatsapp(companyId: number, name: string) {
  return server.ctx.scopes
    .tenant(companyId)
    .run((tx) =>
      tx
        .insertInto('whatsapps')
        .values({ companyId, name })
        .returning(['id', 'name'])
        .executeTakeFirstOrThrow(),
    );
}

describe('PUT /users/:id by an admin', () => {
  it("changes another user's form, queues and default connection and answers the user", async () => {
    const { company, token } = await buildAdminSession(server);
    const target = await buildUser(server, company, { profile: 'user' });
    const queue = await createQueue(company.id, 'Support');
    const whatsapp = await createWhatsapp(company.id, 'Main line');
    const email = newEmail();
    const { status, body } = await server.call('PUT', `/users/${target.id}`, {
      token,
      body: {
        name: 'Renamed',
        email,
        profile: 'supervisor',
        allTicket: 'enabled',
        timeZone: 'Europe/Lisbon',
        queueIds: [queue.id],
        whatsappId: whatsapp.id,
        password: '',
      },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: target.id,
      name: 'Renamed',
      email,
      profile: 'supervisor',
      allTicket: 'enabled',
      timeZone: 'Europe/Lisbon',
      whatsappId: whatsapp.id,
      whatsapp: { id: whatsapp.id, name: 'Main line' },
      queues: [queue],
    });
    expect(body).not.toHaveProperty('passwordHash');
    const row = await storedUser(target.id);
    expect(await verifyPassword(target.password, row.passwordHash)).toBe(true);
  });

  it('lists the user with its queues and connection afterwards', async () => {
    const { company, token } = await buildAdminSession(server);
    const target = await buildUser(server, company, { profile: 'user' });
    const queue = await createQueue(company.id, 'Billing');
    const whatsapp = await createWhatsapp(company.id, 'Second line');
    await server.call('PUT', `/users/${target.id}`, {
      token,
      body: { queueIds: [queue.id], whatsappId: whatsapp.id },
    });
    const list = await server.call('GET', '/users/list', { token });
    expect(list.body.find((u: { id: number }) => u.id === target.id)).toMatchObject({
      queues: [queue],
      whatsapp: { id: whatsapp.id, name: 'Second line' },
    });
    const cleared = await server.call('PUT', `/users/${target.id}`, {
      token,
      body: { queueIds: [], whatsappId: '' },
    });
    expect(cleared.body).toMatchObject({ queues: [], whatsappId: null, whatsapp: null });
  });

  it("answers 404 for another company's queue or connection and changes nothing", async () => {
    const { company, token } = await buildAdminSession(server);
    const other = await buildCompany(server);
    const target = await buildUser(server, company, { profile: 'user' });
    const foreignQueue = await createQueue(other.id, 'Foreign');
    const foreignWhatsapp = await createWhatsapp(other.id, 'Foreign line');
    const queue = await server.call('PUT', `/users/${target.id}`, {
      token,
      body: { name: 'Should not stick', queueIds: [foreignQueue.id] },
    });
    expect(queue.status).toBe(404);
    const whatsapp = await server.call('PUT', `/users/${target.id}`, {
      token,
      body: { name: 'Should not stick', whatsappId: foreignWhatsapp.id },
    });
    expect(whatsapp.status).toBe(404);
    expect(whatsapp.body.error).toBe('ERR_NO_WAPP_FOUND');
    // An id no row can have is bad input, not a database error.
    const huge = await server.call('PUT', `/users/${target.id}`, {
      token,
      body: { name: 'Should not stick', queueIds: [99_999_999_999] },
    });
    expect(huge.status).toBe(400);
    expect(huge.body.fields).toHaveProperty(['queueIds.0']);
    expect((await storedUser(target.id)).name).toBe('Test User');
  });

  it('revokes the sessions of a user whose profile or password changes, not for other edits', async () => {
    const { company, token } = await buildAdminSession(server);
    const target = await buildUser(server, company, { profile: 'user' });
    const before = await storedUser(target.id);
    await server.call('PUT', `/users/${target.id}`, { token, body: { name: 'Just a name' } });
    expect((await storedUser(target.id)).tokenVersion).toBe(before.tokenVersion);

    const session = await login(server, target);
    await server.call('PUT', `/users/${target.id}`, { token, body: { profile: 'admin' } });
    expect((await server.call('GET', '/auth/me', { token: session.token })).status).toBe(401);

    const again = await login(server, target);
    await server.call('PUT', `/users/${target.id}`, { token, body: { password: 'newpass1' } });
    expect((await server.call('GET', '/auth/me', { token: again.token })).status).toBe(401);
    await expect(login(server, { email: target.email, password: 'newpass1' })).resolves.toBeTruthy();
  });

  it('refuses an e-mail already used by anyone with ERR_EMAIL_ALREADY_EXISTS', async () => {
    const { company, token } = await buildAdminSession(server);
    const target = await buildUser(server, company, { profile: 'user' });
    const taken = await buildUser(server, await buildCompany(server));
    const { status, body } = await server.call('PUT', `/users/${target.id}`, {
      token,
      body: { email: ` ${taken.email.toUpperCase()} ` },
    });
    expect(status).toBe(400);
    expect(body.error).toBe('ERR_EMAIL_ALREADY_EXISTS');
    expect((await storedUser(target.id)).email).toBe(target.email);
  });

  it.each([
    ['name', { name: 'A' }, 'Too Short!'],
    ['name', { name: 'x'.repeat(51) }, 'Too Long!'],
    ['name', { name: '' }, 'Required'],
    ['email', { email: 'nope' }, 'Invalid email'],
    ['email', { email: '' }, 'Required'],
    ['password', { password: '1234' }, 'Too Short!'],
    ['password', { password: 'x'.repeat(51) }, 'Too Long!'],
  ])('refuses %s %j with the text "%s"', async (field, body, message) => {
    const { company, token } = await buildAdminSession(server);
    const target = await buildUser(server, company, { profile: 'user' });
    const answer = await server.call('PUT', `/users/${target.id}`, { token, body });
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toEqual({ [field]: message });
  });

  it('answers 404 ERR_NO_USER_FOUND for an id that does not exist', async () => {
    const { token } = await buildAdminSession(server);
    const { status, body } = await server.call('PUT', '/users/2000000000', {
      token,
      body: { name: 'Ghost' },
    });
    expect(status).toBe(404);
    expect(body.error).toBe('ERR_NO_USER_FOUND');
  });
});

describe('super users in a company', () => {
  it('cannot be edited by a company admin, only by a super user', async () => {
    const { company, token } = await buildAdminSession(server);
    const superUser = await buildUser(server, company, { super: true, name: 'Platform' });
    const refused = await server.call('PUT', `/users/${superUser.id}`, {
      token,
      body: { password: 'takeover1' },
    });
    expect(refused.status).toBe(403);
    const row = await storedUser(superUser.id);
    expect(await verifyPassword(superUser.password, row.passwordHash)).toBe(true);

    const other = await buildUser(server, company, { super: true });
    const { token: superToken } = await login(server, other);
    const allowed = await server.call('PUT', `/users/${superUser.id}`, {
      token: superToken,
      body: { name: 'Platform team' },
    });
    expect(allowed.status).toBe(200);
    expect(allowed.body.name).toBe('Platform team');
  });
});

describe('PUT /users/:id by an attendant', () => {
  it('changes their own name, e-mail, password, time zone and language', async () => {
    const company = await buildCompany(server);
    const me = await buildUser(server, company, { profile: 'user' });
    const { token } = await login(server, me);
    const email = newEmail();
    const { status, body } = await server.call('PUT', `/users/${me.id}`, {
      token,
      body: { name: 'Me Myself', email, password: 'changed1', timeZone: 'America/Manaus', language: 'es' },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ name: 'Me Myself', email, timeZone: 'America/Manaus', language: 'es' });
    await expect(login(server, { email, password: 'changed1' })).resolves.toBeTruthy();
  });

  it('accepts the whole user form when the admin-only fields are sent unchanged', async () => {
    const company = await buildCompany(server);
    const me = await buildUser(server, company, { profile: 'user' });
    const { token } = await login(server, me);
    const { status, body } = await server.call('PUT', `/users/${me.id}`, {
      token,
      body: { name: 'Form Sender', profile: 'user', allTicket: 'desabled', queueIds: [], whatsappId: '' },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ name: 'Form Sender', profile: 'user' });
  });

  const adminOnlyChanges: [string, (companyId: number) => Promise<Record<string, unknown>>][] = [
    ['profile', async () => ({ profile: 'admin' })],
    ['allTicket', async () => ({ allTicket: 'enabled' })],
    ['queueIds', async (companyId) => ({ queueIds: [(await createQueue(companyId, 'Mine')).id] })],
    ['whatsappId', async (companyId) => ({ whatsappId: (await createWhatsapp(companyId, 'Mine')).id })],
  ];
  it.each(adminOnlyChanges)(
    'refuses a change of their own %s with 403 and keeps the row',
    async (_field, change) => {
      const company = await buildCompany(server);
      const me = await buildUser(server, company, { profile: 'user' });
      const { token } = await login(server, me);
      const body = await change(company.id);
      const answer = await server.call('PUT', `/users/${me.id}`, {
        token,
        body: { name: 'Sneaky', ...body },
      });
      expect(answer.status).toBe(403);
      expect(answer.body.error).toBe('ERR_NO_PERMISSION');
      const row = await storedUser(me.id);
      expect(row).toMatchObject({
        name: 'Test User',
        profile: 'user',
        allTicket: 'desabled',
        whatsappId: null,
      });
      const queues = await server.call('GET', `/users/${me.id}`, { token });
      expect(queues.body.queues).toEqual([]);
    },
  );

  it('refuses to edit a colleague with 403', async () => {
    const company = await buildCompany(server);
    const me = await buildUser(server, company, { profile: 'supervisor' });
    const colleague = await buildUser(server, company, { profile: 'user', name: 'Colleague' });
    const { token } = await login(server, me);
    const { status, body } = await server.call('PUT', `/users/${colleague.id}`, {
      token,
      body: { name: 'Renamed by me' },
    });
    expect(status).toBe(403);
    expect(body.error).toBe('ERR_NO_PERMISSION');
    expect((await storedUser(colleague.id)).name).toBe('Colleague');
  });
});

describe('POST /users/set-language/:lang', () => {
  it("stores the caller's language", async () => {
    const company = await buildCompany(server);
    const me = await buildUser(server, company, { profile: 'user' });
    const { token } = await login(server, me);
    const { status, body } = await server.call('POST', '/users/set-language/es', { token });
    expect(status).toBe(200);
    expect(body.language).toBe('es');
    expect((await storedUser(me.id)).language).toBe('es');
  });

  it('refuses a language other than pt, en and es with 400', async () => {
    const company = await buildCompany(server);
    const me = await buildUser(server, company, { profile: 'user' });
    const { token } = await login(server, me);
    const { status } = await server.call('POST', '/users/set-language/fr', { token });
    expect(status).toBe(400);
    expect((await storedUser(me.id)).language).toBeNull();
  });
});
