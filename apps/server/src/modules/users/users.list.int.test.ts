import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../platform/auth/passwords';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildAdminSession, buildCompany, buildUser, login } from '../../../test/factories';

let server: TestServer;
let passwordHash: string;
beforeAll(async () => {
  server = await startTestServer();
  passwordHash = await hashPassword('secret1');
});
afterAll(() => server.close());

let sequence = 0;

/**
 * Inserts users directly, one second apart (oldest first), so the createdAt order is known; all of them a minute
 * older than the session's admin, even on a slow machine.
 */
async function insertUsers(companyId: number, names: string[]) {
  const start = Date.now() - (names.length + 60) * 1000;
  return server.ctx.scopes.tenant(companyId).run((tx) =>
    tx
      .insertInto('users')
      .values(
        names.map((name, i) => ({
          companyId,
          name,
          email: `listed-${process.pid}-${Date.now()}-${++sequence}@example.com`,
          passwordHash,
          createdAt: new Date(start + i * 1000),
        })),
      )
      .returning(['id', 'name', 'email'])
      .execute(),
  );
}

const names = (body: { users: { name: string }[] }) => body.users.map((u) => u.name);

describe('GET /users', () => {
  it('pages 20 users at a time, newest first, with count and hasMore', async () => {
    const { company, token } = await buildAdminSession(server);
    await insertUsers(
      company.id,
      Array.from({ length: 24 }, (_, i) => `Paged ${String(i).padStart(2, '0')}`),
    );
    const first = await server.call('GET', '/users?pageNumber=1', { token });
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(25);
    expect(first.body.hasMore).toBe(true);
    expect(first.body.users).toHaveLength(20);
    expect(first.body.users[0].name).toBe('Test User');
    expect(first.body.users[1].name).toBe('Paged 23');
    const second = await server.call('GET', '/users?pageNumber=2', { token });
    expect(second.body).toMatchObject({ count: 25, hasMore: false });
    expect(names(second.body)).toEqual(['Paged 04', 'Paged 03', 'Paged 02', 'Paged 01', 'Paged 00']);
    const third = await server.call('GET', '/users?pageNumber=3', { token });
    expect(third.body).toEqual({ users: [], count: 25, hasMore: false });
  });

  it('treats a missing or junk pageNumber as the first page', async () => {
    const { token } = await buildAdminSession(server);
    const junk = await server.call('GET', '/users?pageNumber=abc', { token });
    expect(junk.status).toBe(200);
    expect(junk.body).toMatchObject({ count: 1, hasMore: false });
  });

  it('finds users by name or e-mail, ignoring case and accents', async () => {
    const { company, token } = await buildAdminSession(server);
    const [jose] = await insertUsers(company.id, ['José Álvaro', 'Maria Conceição', 'Pedro']);
    const search = async (term: string) =>
      names((await server.call('GET', `/users?searchParam=${encodeURIComponent(term)}`, { token })).body);
    expect(await search('jose')).toEqual(['José Álvaro']);
    expect(await search('ALVARO')).toEqual(['José Álvaro']);
    expect(await search('conceicao')).toEqual(['Maria Conceição']);
    expect(await search('  CONCEIÇÃO ')).toEqual(['Maria Conceição']);
    expect(await search(`${jose?.email.split('@')[0]?.toUpperCase()}@`)).toEqual(['José Álvaro']);
    expect(await search('nobody here')).toEqual([]);
  });

  it('takes % and _ in the search literally', async () => {
    const { company, token } = await buildAdminSession(server);
    await insertUsers(company.id, ['Ana', '100% Bia']);
    const percent = await server.call('GET', '/users?searchParam=%25', { token });
    expect(names(percent.body)).toEqual(['100% Bia']);
    const underscore = await server.call('GET', '/users?searchParam=_', { token });
    expect(underscore.body.count).toBe(0);
    // A NUL character cannot reach PostgreSQL text: bad input, not a server error.
    const nul = await server.call('GET', '/users?searchParam=B%00ia', { token });
    expect(nul.status).toBe(400);
    expect(nul.body.fields).toEqual({ searchParam: 'Invalid value' });
  });

  it('counts only the matches', async () => {
    const { company, token } = await buildAdminSession(server);
    await insertUsers(company.id, ['Match One', 'Match Two', 'Other']);
    const { body } = await server.call('GET', '/users?searchParam=match', { token });
    expect(body).toMatchObject({ count: 2, hasMore: false });
  });

  it('answers attendants too, without password hashes', async () => {
    const company = await buildCompany(server);
    const me = await login(server, await buildUser(server, company, { profile: 'user' }));
    const { status, body } = await server.call('GET', '/users', { token: me.token });
    expect(status).toBe(200);
    expect(body.users).toHaveLength(1);
    expect(Object.keys(body.users[0])).not.toContain('passwordHash');
    expect(Object.keys(body.users[0])).not.toContain('tokenVersion');
  });
});

describe('GET /users/list', () => {
  it('answers every user of the company as an array', async () => {
    const { company, token } = await buildAdminSession(server);
    await insertUsers(
      company.id,
      Array.from({ length: 22 }, (_, i) => `Listed ${i}`),
    );
    const { status, body } = await server.call('GET', '/users/list', { token });
    expect(status).toBe(200);
    expect(Array.isArray(body)).toBe(true);
    expect(body).toHaveLength(23);
    expect(body[0]).toHaveProperty('queues');
  });

  it('ignores companyId from a company admin and honours it from a super user', async () => {
    const { company, token } = await buildAdminSession(server);
    const other = await buildCompany(server);
    await insertUsers(other.id, ['Elsewhere']);
    const admin = await server.call('GET', `/users/list?companyId=${other.id}`, { token });
    expect(admin.body.map((u: { companyId: number }) => u.companyId)).toEqual([company.id]);

    const superUser = await login(server, await buildUser(server, company, { super: true }));
    const asSuper = await server.call('GET', `/users/list?companyId=${other.id}`, { token: superUser.token });
    expect(asSuper.body.map((u: { name: string }) => u.name)).toEqual(['Elsewhere']);
    const unreadable = await server.call('GET', '/users/list?companyId=99999999999', {
      token: superUser.token,
    });
    expect(unreadable.status).toBe(200);
    expect(unreadable.body.map((u: { companyId: number }) => u.companyId)).not.toContain(other.id);
  });
});

describe('GET /users/:id', () => {
  it('answers one user of the company with its queues', async () => {
    const { company, token } = await buildAdminSession(server);
    const [user] = await insertUsers(company.id, ['Single']);
    const { status, body } = await server.call('GET', `/users/${user?.id}`, { token });
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: user?.id, name: 'Single', companyId: company.id, queues: [] });
  });

  it('answers 404 ERR_NO_USER_FOUND for an unknown id and 400 for a malformed one', async () => {
    const { token } = await buildAdminSession(server);
    const missing = await server.call('GET', '/users/2000000000', { token });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('ERR_NO_USER_FOUND');
    expect((await server.call('GET', '/users/abc', { token })).status).toBe(400);
  });
});
