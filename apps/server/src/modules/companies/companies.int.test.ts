import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildAdminSession, buildCompany, buildUser, login } from '../../../test/factories';
import { customerWrites, ticketWorld } from '../tickets/tickets.fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

let sequence = 0;
const unique = () => `${process.pid}-${Date.now().toString(36)}-${++sequence}`;

async function superSession() {
  const company = await buildCompany(server);
  const user = await buildUser(server, company, { super: true });
  return { company, token: (await login(server, user)).token };
}

function companyBody(planId: number, overrides: Record<string, unknown> = {}) {
  const id = unique();
  return {
    name: `Beta ${id}`,
    email: `beta-${id}@example.com`,
    phone: '11 3333-4444',
    status: true,
    planId,
    dueDate: '2031-05-20',
    recurrence: 'TRIMESTRAL',
    campaignsEnabled: false,
    password: 'admin123',
    ...overrides,
  };
}

const countCompaniesNamed = async (name: string) =>
  (
    await server.ctx.scopes.asSystem((tx) =>
      tx.db.selectFrom('companies').where('name', '=', name).select('id').execute(),
    )
  ).length;

describe('POST /companies (super)', () => {
  it('creates the company with its admin user, default settings and the campaigns setting', async () => {
    const { token, company: own } = await superSession();
    const body = companyBody(own.planId);
    const { status, body: created } = await server.call('POST', '/companies', { token, body });
    expect(status).toBe(200);
    expect(created).toMatchObject({
      name: body.name,
      email: body.email,
      phone: '1133334444',
      status: true,
      planId: own.planId,
      dueDate: '2031-05-20',
      recurrence: 'TRIMESTRAL',
      schedules: [],
    });
    expect(created.plan).toMatchObject({ id: own.planId, value: 49 });
    expect(created.settings).toContainEqual({ key: 'campaignsEnabled', value: 'false' });
    expect(created.settings).toContainEqual({ key: 'CheckMsgIsGroup', value: 'enabled' });

    const admin = await login(server, { email: body.email, password: body.password });
    expect(admin.user).toMatchObject({ companyId: created.id, profile: 'admin', name: body.name });
  });

  it('stores an empty or invalid dueDate as null and gives the admin a random password when none is sent', async () => {
    const { token, company: own } = await superSession();
    for (const dueDate of ['', 'not a date', null, '2026-02-30', 'March 5 2026']) {
      const body = companyBody(own.planId, { dueDate, password: '' });
      const { status, body: created } = await server.call('POST', '/companies', { token, body });
      expect(status).toBe(200);
      expect(created.dueDate).toBeNull();
      const admin = await server.ctx.scopes.asSystem((tx) =>
        tx.db
          .selectFrom('users')
          .where('email', '=', body.email)
          .select(['companyId', 'profile'])
          .executeTakeFirstOrThrow(),
      );
      expect(admin).toEqual({ companyId: created.id, profile: 'admin' });
      const guess = await server.call('POST', '/auth/login', {
        body: { email: body.email, password: 'admin123' },
      });
      expect(guess.status).toBe(401);
    }
  });

  it('names every invalid field with the spec text', async () => {
    const { token, company: own } = await superSession();
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ name: '' }, { name: 'Required' }],
      [{ name: 'B' }, { name: 'Too Short!' }],
      [{ name: 'B'.repeat(51) }, { name: 'Too Long!' }],
      [{ email: 'nope' }, { email: 'Invalid email' }],
      [{ phone: '123456789012' }, { phone: 'Too Long!' }],
      [{ password: '123' }, { password: 'Too Short!' }],
      [{ recurrence: 'DIARIO' }, { recurrence: 'Invalid value' }],
      [{ planId: 'abc' }, { planId: 'Invalid value' }],
    ];
    for (const [overrides, fields] of cases) {
      const body = companyBody(own.planId, overrides);
      const answer = await server.call('POST', '/companies', { token, body });
      expect(answer.status, JSON.stringify(overrides)).toBe(400);
      expect(answer.body.fields, JSON.stringify(overrides)).toEqual(fields);
    }
  });

  it('refuses a duplicate name or e-mail and an unknown plan, writing nothing', async () => {
    const { token, company: own } = await superSession();
    const other = await buildCompany(server);
    const user = await buildUser(server, other);

    const sameName = await server.call('POST', '/companies', {
      token,
      body: companyBody(own.planId, { name: other.name.toLowerCase() }),
    });
    expect(sameName.body.error).toBe('ERR_COMPANY_NAME_ALREADY_EXISTS');

    const sameEmail = companyBody(own.planId, { email: user.email });
    const answer = await server.call('POST', '/companies', { token, body: sameEmail });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('ERR_EMAIL_ALREADY_EXISTS');
    expect(await countCompaniesNamed(sameEmail.name)).toBe(0);

    const noPlan = companyBody(999999999);
    const missing = await server.call('POST', '/companies', { token, body: noPlan });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('ERR_NO_PLAN_FOUND');
    expect(await countCompaniesNamed(noPlan.name)).toBe(0);
  });
});

describe('PUT and DELETE /companies/:id (super)', () => {
  it('changes only the fields sent and stores campaignsEnabled as the setting', async () => {
    const { token, company: own } = await superSession();
    const created = (await server.call('POST', '/companies', { token, body: companyBody(own.planId) })).body;
    const { status, body } = await server.call('PUT', `/companies/${created.id}`, {
      token,
      body: { status: false, campaignsEnabled: true, dueDate: '' },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      name: created.name,
      email: created.email,
      status: false,
      dueDate: null,
      recurrence: 'TRIMESTRAL',
    });
    expect(body.settings).toContainEqual({ key: 'campaignsEnabled', value: 'true' });
    const read = await server.call('GET', `/companies/${created.id}`, { token });
    expect(read.body).toMatchObject({ status: false, dueDate: null });
  });

  it("replaces the admin user's password and ends their sessions", async () => {
    const { token, company: own } = await superSession();
    const body = companyBody(own.planId);
    const created = (await server.call('POST', '/companies', { token, body })).body;
    const before = await login(server, { email: body.email, password: body.password });
    const changed = await server.call('PUT', `/companies/${created.id}`, {
      token,
      body: { password: 'newpass9' },
    });
    expect(changed.status).toBe(200);
    server.ctx.actors.invalidate();
    expect((await server.call('GET', '/auth/me', { token: before.token })).status).toBe(401);
    const old = await server.call('POST', '/auth/login', {
      body: { email: body.email, password: body.password },
    });
    expect(old.status).toBe(401);
    await login(server, { email: body.email, password: 'newpass9' });
  });

  it('names every invalid field of an update with the spec text and changes nothing', async () => {
    const { token, company: own } = await superSession();
    const created = (await server.call('POST', '/companies', { token, body: companyBody(own.planId) })).body;
    const before = (await server.call('GET', `/companies/${created.id}`, { token })).body;
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ name: '' }, { name: 'Required' }],
      [{ name: 'B' }, { name: 'Too Short!' }],
      [{ name: 'B'.repeat(51) }, { name: 'Too Long!' }],
      [{ email: 'nope' }, { email: 'Invalid email' }],
      [{ phone: '123456789012' }, { phone: 'Too Long!' }],
      [{ password: '123' }, { password: 'Too Short!' }],
      [{ recurrence: 'DIARIO' }, { recurrence: 'Invalid value' }],
      [{ planId: 'abc' }, { planId: 'Invalid value' }],
    ];
    for (const [body, fields] of cases) {
      const answer = await server.call('PUT', `/companies/${created.id}`, { token, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.fields, JSON.stringify(body)).toEqual(fields);
    }
    expect((await server.call('GET', `/companies/${created.id}`, { token })).body).toEqual(before);
  });

  it('refuses renaming to a name another company has', async () => {
    const { token, company: own } = await superSession();
    const other = await buildCompany(server);
    const created = (await server.call('POST', '/companies', { token, body: companyBody(own.planId) })).body;
    const answer = await server.call('PUT', `/companies/${created.id}`, {
      token,
      body: { name: other.name },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('ERR_COMPANY_NAME_ALREADY_EXISTS');
  });

  it('deletes a company with its users and refuses the super user own company', async () => {
    const { token, company: own } = await superSession();
    const body = companyBody(own.planId);
    const created = (await server.call('POST', '/companies', { token, body })).body;
    const deleted = await server.call('DELETE', `/companies/${created.id}`, { token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Company deleted' });
    expect((await server.call('GET', `/companies/${created.id}`, { token })).status).toBe(404);
    const login = await server.call('POST', '/auth/login', {
      body: { email: body.email, password: body.password },
    });
    expect(login.status).toBe(401);

    const self = await server.call('DELETE', `/companies/${own.id}`, { token });
    expect(self.status).toBe(400);
    expect(self.body.error).toBe('ERR_CANNOT_DELETE_SELF');
    expect((await server.call('GET', `/companies/${own.id}`, { token })).status).toBe(200);
  });

  it('deletes a company that has worked: tickets, attendance cycles and messages', async () => {
    const { token } = await superSession();
    const world = await ticketWorld(server);
    const ticket = await customerWrites(server, world, { text: 'Oi' });
    const accepted = await server.call('PUT', `/tickets/${ticket.id}`, {
      token: world.token,
      body: { status: 'open', userId: world.admin.id },
    });
    expect(accepted.status).toBe(200);
    await server.call('POST', `/messages/${ticket.id}`, { token: world.token, body: { body: 'Resolvido' } });
    const closed = await server.call('PUT', `/tickets/${ticket.id}`, {
      token: world.token,
      body: { status: 'closed' },
    });
    expect(closed.status).toBe(200);
    const counters = () =>
      server.ctx.scopes.asSystem(async (tx) => ({
        cycles: await tx.db
          .selectFrom('cycleTotals')
          .where('companyId', '=', world.company.id)
          .select('id')
          .execute(),
        tickets: await tx.db
          .selectFrom('ticketCounts')
          .where('companyId', '=', world.company.id)
          .select('companyId')
          .execute(),
      }));
    expect((await counters()).cycles.length).toBeGreaterThan(0);

    const deleted = await server.call('DELETE', `/companies/${world.company.id}`, { token });
    expect([deleted.status, deleted.body]).toEqual([200, { message: 'Company deleted' }]);
    expect((await server.call('GET', `/companies/${world.company.id}`, { token })).status).toBe(404);
    expect(await counters()).toEqual({ cycles: [], tickets: [] });
  });

  it('answers 404 for a company that does not exist', async () => {
    const { token } = await superSession();
    expect(
      (await server.call('PUT', '/companies/999999999', { token, body: { name: 'Whatever' } })).status,
    ).toBe(404);
    expect((await server.call('DELETE', '/companies/999999999', { token })).status).toBe(404);
    expect((await server.call('GET', '/companies/999999999', { token })).body.error).toBe('ERR_NOT_FOUND');
  });
});

describe('company lists (super)', () => {
  it('pages companies as {companies, count, hasMore}, searched by name', async () => {
    const { token, company: own } = await superSession();
    const tag = `Lojã${Date.now().toString(36)}`;
    for (let i = 0; i < 21; i++) {
      const name = `${tag} ${String(i).padStart(2, '0')}`;
      await server.call('POST', '/companies', { token, body: companyBody(own.planId, { name }) });
    }
    const search = encodeURIComponent(`loja${tag.slice(4)}`);
    const first = await server.call('GET', `/companies?searchParam=${search}`, { token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ count: 21, hasMore: true });
    expect(first.body.companies).toHaveLength(20);
    expect(first.body.companies[0]).toMatchObject({ name: `${tag} 00`, plan: { id: own.planId } });
    const second = await server.call('GET', `/companies?searchParam=${search}&pageNumber=2`, { token });
    expect(second.body).toMatchObject({ count: 21, hasMore: false });
    expect(second.body.companies.map((c: { name: string }) => c.name)).toEqual([`${tag} 20`]);
  });

  it("lists every company as an array at /companies/list, without other companies' secret settings", async () => {
    const { token } = await superSession();
    const other = await buildAdminSession(server);
    await server.call('PUT', '/settings/asaas', { token: other.token, body: { value: 'tok_secret_9' } });
    const { status, body } = await server.call('GET', '/companies/list', { token });
    expect(status).toBe(200);
    const listed = body.find((c: { id: number }) => c.id === other.company.id);
    expect(listed.settings).toContainEqual({ key: 'campaignsEnabled', value: 'true' });
    expect(JSON.stringify(body)).not.toContain('tok_secret_9');
  });
});
