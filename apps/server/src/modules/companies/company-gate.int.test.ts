import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDate } from '../../platform/time/local-time';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildCompany, buildUser, login } from '../../../test/factories';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const today = () => localDate(server.ctx.config.timeZone);

async function sessionIn(options: Parameters<typeof buildCompany>[1], profile: 'admin' | 'user' = 'admin') {
  const company = await buildCompany(server, options);
  const user = await buildUser(server, company, { profile });
  return { company, token: (await login(server, user)).token };
}

describe('company gate (server-behaviour 1.5)', () => {
  it('refuses an expired company with 403 ERR_SUBSCRIPTION_EXPIRED on normal routes', async () => {
    const { company, token } = await sessionIn({ dueDate: addDays(today(), -1) });
    for (const path of ['/settings', `/companies/${company.id}`, '/plans', '/helps']) {
      const answer = await server.call('GET', path, { token });
      expect(answer.status, path).toBe(403);
      expect(answer.body.error).toBe('ERR_SUBSCRIPTION_EXPIRED');
    }
  });

  it('still lets an expired company reach /auth/me, its own listPlan and the public plan list', async () => {
    const { company, token } = await sessionIn({ dueDate: '2020-01-31' }, 'user');
    const me = await server.call('GET', '/auth/me', { token });
    expect(me.status).toBe(200);
    expect(me.body.companyId).toBe(company.id);
    const plan = await server.call('GET', `/companies/listPlan/${company.id}`, { token });
    expect(plan.status).toBe(200);
    expect(plan.body).toMatchObject({ id: company.id, dueDate: '2020-01-31', plan: { id: company.planId } });
    expect((await server.call('GET', '/plans/list')).status).toBe(200);
    const other = await buildCompany(server);
    expect((await server.call('GET', `/companies/listPlan/${other.id}`, { token })).status).toBe(404);
  });

  it('lets a company whose due date is today, or that has none, work normally', async () => {
    for (const dueDate of [today(), null]) {
      const { token } = await sessionIn({ dueDate });
      expect((await server.call('GET', '/settings', { token })).status, String(dueDate)).toBe(200);
    }
  });

  it('refuses the login of an inactive company with 401 ERR_COMPANY_INACTIVE', async () => {
    const company = await buildCompany(server, { status: false });
    const user = await buildUser(server, company);
    const { status, body } = await server.call('POST', '/auth/login', { body: user });
    expect(status).toBe(401);
    expect(body.error).toBe('ERR_COMPANY_INACTIVE');
  });

  it('blocks open sessions as soon as the super user deactivates or expires the company', async () => {
    const { company, token } = await sessionIn({});
    const superCompany = await buildCompany(server);
    const superUser = await buildUser(server, superCompany, { super: true });
    const superToken = (await login(server, superUser)).token;
    expect((await server.call('GET', '/settings', { token })).status).toBe(200);

    await server.call('PUT', `/companies/${company.id}`, { token: superToken, body: { status: false } });
    const inactive = await server.call('GET', '/settings', { token });
    expect(inactive.status).toBe(403);
    expect(inactive.body.error).toBe('ERR_COMPANY_INACTIVE');

    await server.call('PUT', `/companies/${company.id}`, {
      token: superToken,
      body: { status: true, dueDate: addDays(today(), -3) },
    });
    const expired = await server.call('GET', '/settings', { token });
    expect(expired.body.error).toBe('ERR_SUBSCRIPTION_EXPIRED');

    await server.call('PUT', `/companies/${company.id}`, {
      token: superToken,
      body: { dueDate: addDays(today(), 30) },
    });
    expect((await server.call('GET', '/settings', { token })).status).toBe(200);
  });

  it('does not block a super user whose own company is expired', async () => {
    const company = await buildCompany(server, { dueDate: '2020-01-31' });
    const superUser = await buildUser(server, company, { super: true });
    const { token } = await login(server, superUser);
    expect((await server.call('GET', '/settings', { token })).status).toBe(200);
    const companies = await server.call('GET', '/companies', { token });
    expect(companies.status).toBe(200);
    expect(companies.body.count).toBeGreaterThan(0);
  });
});
