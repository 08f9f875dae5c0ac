import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildAdminSession, buildCompany, buildUser, login } from '../../../test/factories';

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

describe('company permissions', () => {
  it('refuses super-only routes to admins and users with 403', async () => {
    const { company, token: adminToken } = await buildAdminSession(server);
    const user = await buildUser(server, company, { profile: 'user' });
    const userToken = (await login(server, user)).token;
    for (const token of [adminToken, userToken]) {
      for (const [method, path, body] of [
        ['GET', '/companies', undefined],
        ['GET', '/companies/list', undefined],
        ['POST', '/companies', companyBody(company.planId)],
        ['PUT', `/companies/${company.id}`, { status: false }],
        ['DELETE', `/companies/${company.id}`, undefined],
      ] as const) {
        const answer = await server.call(method, path, { token, body });
        expect(answer.status, `${method} ${path}`).toBe(403);
        expect(answer.body.error).toBe('ERR_NO_PERMISSION');
      }
    }
    const own = await server.call('GET', `/companies/${company.id}`, { token: adminToken });
    expect(own.body.status).toBe(true);
  });

  it('shows users their own company, without secret settings unless admin', async () => {
    const { company, token: adminToken } = await buildAdminSession(server);
    const user = await buildUser(server, company, { profile: 'user' });
    const userToken = (await login(server, user)).token;
    const asUser = await server.call('GET', `/companies/${company.id}`, { token: userToken });
    expect(asUser.status).toBe(200);
    expect(asUser.body).toMatchObject({ id: company.id, name: company.name, plan: { id: company.planId } });
    expect(asUser.body.settings.map((s: { key: string }) => s.key)).not.toContain('asaas');
    const asAdmin = await server.call('GET', `/companies/${company.id}`, { token: adminToken });
    expect(asAdmin.body.settings.map((s: { key: string }) => s.key)).toContain('asaas');
  });

  it("answers 404 for another company's id, on every per-company route", async () => {
    const { token } = await buildAdminSession(server);
    const other = await buildCompany(server);
    const schedules = [
      { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' },
    ];
    for (const [method, path, body] of [
      ['GET', `/companies/${other.id}`, undefined],
      ['GET', `/companies/listPlan/${other.id}`, undefined],
      ['PUT', `/companies/${other.id}/schedules`, { schedules }],
    ] as const) {
      const answer = await server.call(method, path, { token, body });
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body.error).toBe('ERR_NOT_FOUND');
    }
    const untouched = await server.ctx.scopes.asSystem((tx) =>
      tx.db.selectFrom('companies').where('id', '=', other.id).select('schedules').executeTakeFirstOrThrow(),
    );
    expect(untouched.schedules).toEqual([]);
  });
});

describe('PUT /companies/:id/schedules', () => {
  const week = [
    { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' },
    { weekday: 'Domingo', weekdayEn: 'sunday', startTime: '', endTime: '' },
  ];

  it("stores the admin's weekly hours and answers the company with them", async () => {
    const { company, token } = await buildAdminSession(server);
    const { status, body } = await server.call('PUT', `/companies/${company.id}/schedules`, {
      token,
      body: { schedules: week },
    });
    expect(status).toBe(200);
    expect(body.schedules).toEqual(week);
    expect((await server.call('GET', `/companies/${company.id}`, { token })).body.schedules).toEqual(week);
  });

  it('lets the super user set any company hours', async () => {
    const { token } = await superSession();
    const other = await buildCompany(server);
    const answer = await server.call('PUT', `/companies/${other.id}/schedules`, {
      token,
      body: { schedules: week },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.schedules).toEqual(week);
  });

  it('checks the HH:mm format and refuses plain users', async () => {
    const { company, token } = await buildAdminSession(server);
    const bad = await server.call('PUT', `/companies/${company.id}/schedules`, {
      token,
      body: { schedules: [{ ...week[0], startTime: '8:00', endTime: '24:00' }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({
      'schedules.0.startTime': 'Invalid time (##:##)',
      'schedules.0.endTime': 'Invalid time (##:##)',
    });
    const user = await buildUser(server, company, { profile: 'user' });
    const userToken = (await login(server, user)).token;
    const refused = await server.call('PUT', `/companies/${company.id}/schedules`, {
      token: userToken,
      body: { schedules: week },
    });
    expect(refused.status).toBe(403);
    expect((await server.call('GET', `/companies/${company.id}`, { token })).body.schedules).toEqual([]);
  });
});

describe('GET /companies/listPlan/:id', () => {
  it('answers the company with its plan limits, value and every feature flag', async () => {
    const company = await buildCompany(server, {
      plan: { users: 3, connections: 2, queues: 4, useKanban: false },
    });
    const user = await buildUser(server, company, { profile: 'user' });
    const { token } = await login(server, user);
    const { status, body } = await server.call('GET', `/companies/listPlan/${company.id}`, { token });
    expect(status).toBe(200);
    expect(body.id).toBe(company.id);
    expect(body.plan).toMatchObject({
      id: company.planId,
      users: 3,
      connections: 2,
      queues: 4,
      value: 49,
      useKanban: false,
      useCampaigns: true,
      useOpenAi: true,
      useIntegrations: true,
      useSchedules: true,
      useInternalChat: true,
      useExternalApi: true,
    });
  });
});
