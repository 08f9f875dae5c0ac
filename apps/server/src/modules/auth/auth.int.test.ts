import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abilitiesOf } from '@zapdesk/contracts';
import { TokenService } from '../../platform/auth/tokens';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildAdminSession, buildCompany, buildUser, login } from '../../../test/factories';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('login', () => {
  it('answers a token and the session user with company, settings and plan', async () => {
    const company = await buildCompany(server);
    const user = await buildUser(server, company, { profile: 'user', name: 'Maria' });
    const { status, body, response } = await server.call('POST', '/auth/login', {
      body: { email: user.email.toUpperCase(), password: user.password },
    });
    expect(status).toBe(200);
    expect(typeof body.token).toBe('string');
    expect(body.user).toMatchObject({ id: user.id, name: 'Maria', profile: 'user', companyId: company.id });
    expect(body.user.company).toMatchObject({ id: company.id, dueDate: '2099-12-31' });
    expect(body.user.company.settings).toContainEqual({ key: 'userRating', value: 'disabled' });
    expect(body.user.company.plan.useKanban).toBe(true);
    const cookie = response.cookies.find((c) => c.name === 'jrt');
    expect(cookie?.httpOnly).toBe(true);
  });

  it('answers the abilities of the user at login, refresh and /auth/me', async () => {
    const company = await buildCompany(server);
    const agent = await buildUser(server, company, { profile: 'user' });
    const agentSession = await login(server, agent);
    expect(agentSession.user.abilities).toEqual([]);

    const admin = await buildUser(server, company, { profile: 'admin' });
    const adminSession = await login(server, admin);
    expect(adminSession.user.abilities).toEqual(abilitiesOf({ profile: 'admin', super: false }));
    expect(adminSession.user.abilities).toContain('users.manage');
    expect(adminSession.user.abilities).not.toContain('companies.manage');

    const refreshed = await server.call('POST', '/auth/refresh_token', {
      headers: { cookie: `jrt=${adminSession.refreshCookie}` },
    });
    expect(refreshed.body.user.abilities).toEqual(adminSession.user.abilities);
    const me = await server.call('GET', '/auth/me', { token: refreshed.body.token });
    expect(me.body.abilities).toEqual(adminSession.user.abilities);

    const superAdmin = await buildUser(server, company, { profile: 'admin', super: true });
    expect((await login(server, superAdmin)).user.abilities).toContain('companies.manage');
  });

  it('refuses a wrong password with 401 ERR_INVALID_CREDENTIALS', async () => {
    const company = await buildCompany(server);
    const user = await buildUser(server, company);
    const { status, body } = await server.call('POST', '/auth/login', {
      body: { email: user.email, password: 'nope!' },
    });
    expect(status).toBe(401);
    expect(body.error).toBe('ERR_INVALID_CREDENTIALS');
  });

  it('refuses an unknown e-mail the same way', async () => {
    const { status, body } = await server.call('POST', '/auth/login', {
      body: { email: 'nobody@example.com', password: 'whatever' },
    });
    expect(status).toBe(401);
    expect(body.error).toBe('ERR_INVALID_CREDENTIALS');
  });

  it('names each invalid field with the spec text', async () => {
    const { status, body } = await server.call('POST', '/auth/login', { body: { email: 'not-an-email' } });
    expect(status).toBe(400);
    expect(body.fields).toEqual({ email: 'Invalid email', password: 'Required' });
  });

  it('answers 401 ERR_COMPANY_INACTIVE for an inactive company', async () => {
    const company = await buildCompany(server, { status: false });
    const user = await buildUser(server, company);
    const { status, body } = await server.call('POST', '/auth/login', { body: user });
    expect(status).toBe(401);
    expect(body.error).toBe('ERR_COMPANY_INACTIVE');
  });

  it('lets an expired company log in (to show the date) but refuses its other calls with 403', async () => {
    const company = await buildCompany(server, { dueDate: '2020-01-31' });
    const user = await buildUser(server, company);
    const session = await login(server, user);
    expect(session.user.company.dueDate).toBe('2020-01-31');
    const settings = await server.call('GET', '/settings', { token: session.token });
    expect(settings.status).toBe(403);
    expect(settings.body.error).toBe('ERR_SUBSCRIPTION_EXPIRED');
    const me = await server.call('GET', '/auth/me', { token: session.token });
    expect(me.status).toBe(200);
  });
});

describe('tokens', () => {
  it('answers 401 without a token and 403 for a bad or expired one', async () => {
    const { admin, company } = await buildAdminSession(server);
    expect((await server.call('GET', '/auth/me')).status).toBe(401);
    expect((await server.call('GET', '/auth/me', { token: 'garbage' })).status).toBe(403);
    const expired = new TokenService(
      server.ctx.config.jwtSecret,
      server.ctx.config.jwtRefreshSecret,
      -10,
    ).signAccess({
      id: admin.id,
      companyId: company.id,
      profile: 'admin',
      tokenVersion: 1,
    });
    const answer = await server.call('GET', '/auth/me', { token: expired });
    expect(answer.status).toBe(403);
    expect(answer.body.error).toBe('ERR_SESSION_EXPIRED');
  });

  it('rotates the refresh cookie and refuses refresh after logout', async () => {
    const { session, token } = await buildAdminSession(server);
    const refreshed = await server.call('POST', '/auth/refresh_token', {
      headers: { cookie: `jrt=${session.refreshCookie}` },
    });
    expect(refreshed.status).toBe(200);
    const rotated = refreshed.response.cookies.find((c) => c.name === 'jrt')?.value;
    expect(rotated).toBeTruthy();
    expect(rotated).not.toBe(session.refreshCookie);
    expect((await server.call('GET', '/auth/me', { token: refreshed.body.token })).status).toBe(200);

    expect((await server.call('DELETE', '/auth/logout', { token })).status).toBe(200);
    const after = await server.call('POST', '/auth/refresh_token', { headers: { cookie: `jrt=${rotated}` } });
    expect(after.status).toBe(401);
  });

  it('refuses refresh without a cookie with 401', async () => {
    expect((await server.call('POST', '/auth/refresh_token')).status).toBe(401);
  });

  it('ends the first session when the same user logs in again', async () => {
    const company = await buildCompany(server);
    const user = await buildUser(server, company);
    const first = await login(server, user);
    await login(server, user);
    server.ctx.actors.invalidate();
    const answer = await server.call('GET', '/auth/me', { token: first.token });
    expect(answer.status).toBe(401);
  });
});

describe('version', () => {
  it('is public', async () => {
    const { status, body } = await server.call('GET', '/version');
    expect(status).toBe(200);
    expect(body).toEqual({ version: '6.0.0', simulator: true });
  });
});
