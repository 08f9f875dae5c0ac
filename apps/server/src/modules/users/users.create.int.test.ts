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
const newEmail = () => `new-user-${process.pid}-${Date.now()}-${++sequence}@example.com`;
const validUser = () => ({ name: 'Ana Souza', email: newEmail(), password: 'secret1' });

async function storedUser(id: number) {
  return server.ctx.scopes.asSystem((tx) =>
    tx.db.selectFrom('users').where('id', '=', id).selectAll().executeTakeFirst(),
  );
}

async function createQueue(companyId: number, name: string) {
  return server.ctx.scopes.tenant(companyId).run((tx) =>
    tx
      .insertInto('queues')
      .values({ companyId, name, color: `#${Math.floor(Math.random() * 0xffffff).toString(16)}` })
      .returning(['id', 'name', 'color'])
      .executeTakeFirstOrThrow(),
  );
}

async function usersOf(companyId: number) {
  return server.ctx.scopes.tenant(companyId).run((tx) => tx.selectFrom('users').select('email').execute());
}

describe('POST /users', () => {
  it('creates a user with the form defaults and answers it without secrets', async () => {
    const { company, token } = await buildAdminSession(server);
    const input = validUser();
    const { status, body } = await server.call('POST', '/users', { token, body: input });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      name: 'Ana Souza',
      email: input.email,
      profile: 'user',
      allTicket: 'desabled',
      timeZone: 'UTC',
      companyId: company.id,
      super: false,
      whatsappId: null,
      queues: [],
    });
    expect(body).not.toHaveProperty('passwordHash');
    expect(body).not.toHaveProperty('password');
    expect(body).not.toHaveProperty('tokenVersion');
    const row = await storedUser(body.id);
    expect(row?.passwordHash).not.toBe('secret1');
    expect(await verifyPassword('secret1', row?.passwordHash ?? '')).toBe(true);
    await expect(login(server, input)).resolves.toMatchObject({ user: { id: body.id } });
  });

  it('stores the given profile, allTicket, time zone and queues', async () => {
    const { company, token } = await buildAdminSession(server);
    const sales = await createQueue(company.id, 'Sales');
    const { status, body } = await server.call('POST', '/users', {
      token,
      body: {
        ...validUser(),
        profile: 'admin',
        allTicket: 'enabled',
        timeZone: 'America/Sao_Paulo',
        queueIds: [sales.id],
        whatsappId: '',
      },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ profile: 'admin', allTicket: 'enabled', timeZone: 'America/Sao_Paulo' });
    expect(body.queues).toEqual([sales]);
  });

  it("answers 404 for another company's queue and creates nothing", async () => {
    const { company, token } = await buildAdminSession(server);
    const other = await buildCompany(server);
    const foreign = await createQueue(other.id, 'Foreign');
    const input = validUser();
    const { status } = await server.call('POST', '/users', {
      token,
      body: { ...input, queueIds: [foreign.id] },
    });
    expect(status).toBe(404);
    expect((await usersOf(company.id)).map((u) => u.email)).not.toContain(input.email);
  });

  it.each([
    ['name', { name: undefined }, 'Required'],
    ['name', { name: '  ' }, 'Required'],
    ['name', { name: 'A' }, 'Too Short!'],
    ['name', { name: 'x'.repeat(51) }, 'Too Long!'],
    ['email', { email: undefined }, 'Required'],
    ['email', { email: 'not-an-email' }, 'Invalid email'],
    ['password', { password: undefined }, 'Required'],
    ['password', { password: '1234' }, 'Too Short!'],
    ['password', { password: 'x'.repeat(51) }, 'Too Long!'],
  ])('refuses %s %j with the text "%s"', async (field, override, message) => {
    const { company, token } = await buildAdminSession(server);
    const body = { ...validUser(), ...override };
    const answer = await server.call('POST', '/users', { token, body });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('ERR_VALIDATION');
    expect(answer.body.fields).toEqual({ [field]: message });
    expect(await usersOf(company.id)).toHaveLength(1);
  });

  it('accepts the bounds: a 2-character name, 50-character name, 5- and 50-character passwords', async () => {
    const { token } = await buildAdminSession(server);
    for (const body of [
      { ...validUser(), name: 'Al', password: '12345' },
      { ...validUser(), name: 'y'.repeat(50), password: 'p'.repeat(50) },
    ]) {
      expect((await server.call('POST', '/users', { token, body })).status).toBe(200);
    }
  });

  it('refuses an unknown time zone or profile', async () => {
    const { token } = await buildAdminSession(server);
    const zone = await server.call('POST', '/users', {
      token,
      body: { ...validUser(), timeZone: 'Mars/Olympus' },
    });
    expect(zone.status).toBe(400);
    expect(zone.body.fields).toHaveProperty('timeZone');
    const profile = await server.call('POST', '/users', { token, body: { ...validUser(), profile: 'root' } });
    expect(profile.status).toBe(400);
    expect(profile.body.fields).toHaveProperty('profile');
  });

  it('refuses an e-mail used in any company, whatever its case, with ERR_EMAIL_ALREADY_EXISTS', async () => {
    const { token } = await buildAdminSession(server);
    const other = await buildCompany(server);
    const taken = await buildUser(server, other);
    const { status, body } = await server.call('POST', '/users', {
      token,
      body: { ...validUser(), email: taken.email.toUpperCase() },
    });
    expect(status).toBe(400);
    expect(body.error).toBe('ERR_EMAIL_ALREADY_EXISTS');
  });

  it('refuses attendants and supervisors with 403', async () => {
    const company = await buildCompany(server);
    for (const profile of ['user', 'supervisor'] as const) {
      const user = await login(server, await buildUser(server, company, { profile }));
      const { status, body } = await server.call('POST', '/users', { token: user.token, body: validUser() });
      expect(status).toBe(403);
      expect(body.error).toBe('ERR_NO_PERMISSION');
    }
    expect(await usersOf(company.id)).toHaveLength(2);
  });
});

describe('plan user limit', () => {
  it('refuses the user past the limit with ERR_PLAN_LIMIT_USERS', async () => {
    const { company, token } = await buildAdminSession(server, { plan: { users: 2 } });
    expect((await server.call('POST', '/users', { token, body: validUser() })).status).toBe(200);
    const { status, body } = await server.call('POST', '/users', { token, body: validUser() });
    expect(status).toBe(400);
    expect(body.error).toBe('ERR_PLAN_LIMIT_USERS');
    expect(await usersOf(company.id)).toHaveLength(2);
  });

  it('lets only as many concurrent creates through as the plan has room for', async () => {
    const { company, token } = await buildAdminSession(server, { plan: { users: 3 } });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => server.call('POST', '/users', { token, body: validUser() })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.body.error === 'ERR_PLAN_LIMIT_USERS')).toHaveLength(4);
    expect(await usersOf(company.id)).toHaveLength(3);
  });

  it('keeps the users of a company whose plan shrinks, and refuses new ones until there is room', async () => {
    const { company, token } = await buildAdminSession(server, { plan: { users: 5 } });
    const created = [];
    for (let i = 0; i < 3; i++) {
      created.push((await server.call('POST', '/users', { token, body: validUser() })).body.id as number);
    }
    const superUser = await login(
      server,
      await buildUser(server, await buildCompany(server), { super: true }),
    );
    const shrunk = await server.call('PUT', `/plans/${company.planId}`, {
      token: superUser.token,
      body: { users: 2 },
    });
    expect(shrunk.status).toBe(200);

    expect(await usersOf(company.id)).toHaveLength(4);
    expect((await server.call('POST', '/users', { token, body: validUser() })).body.error).toBe(
      'ERR_PLAN_LIMIT_USERS',
    );
    for (const id of created) {
      expect((await server.call('DELETE', `/users/${id}`, { token })).status).toBe(200);
    }
    expect((await server.call('POST', '/users', { token, body: validUser() })).status).toBe(200);
    expect((await usersOf(company.id)).length).toBe(2);
  });

  it('has no limit when the plan says 0', async () => {
    const { company, token } = await buildAdminSession(server, { plan: { users: 0 } });
    for (let i = 0; i < 3; i++) {
      expect((await server.call('POST', '/users', { token, body: validUser() })).status).toBe(200);
    }
    expect(await usersOf(company.id)).toHaveLength(4);
  });
});

describe('companyId in the user form', () => {
  it("is ignored from a company admin: the user lands in the admin's company", async () => {
    const { company, token } = await buildAdminSession(server);
    const other = await buildCompany(server);
    const input = validUser();
    const { status, body } = await server.call('POST', '/users', {
      token,
      body: { ...input, companyId: other.id },
    });
    expect(status).toBe(200);
    expect(body.companyId).toBe(company.id);
    expect(await usersOf(other.id)).toHaveLength(0);
  });

  it("lets a super user create a user in another company, within that company's plan", async () => {
    const home = await buildCompany(server);
    const superUser = await login(server, await buildUser(server, home, { super: true }));
    const target = await buildCompany(server, { plan: { users: 1 } });
    const input = validUser();
    const created = await server.call('POST', '/users', {
      token: superUser.token,
      body: { ...input, companyId: target.id },
    });
    expect(created.status).toBe(200);
    expect(created.body.companyId).toBe(target.id);
    expect((await usersOf(target.id)).map((u) => u.email)).toEqual([input.email]);
    const over = await server.call('POST', '/users', {
      token: superUser.token,
      body: { ...validUser(), companyId: target.id },
    });
    expect(over.body.error).toBe('ERR_PLAN_LIMIT_USERS');
  });

  it('answers 404 to a super user naming a company that does not exist', async () => {
    const home = await buildCompany(server);
    const superUser = await login(server, await buildUser(server, home, { super: true }));
    const { status } = await server.call('POST', '/users', {
      token: superUser.token,
      body: { ...validUser(), companyId: 2_000_000_000 },
    });
    expect(status).toBe(404);
  });
});
