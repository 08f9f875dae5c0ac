import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildAdminSession, buildCompany, buildUser, login } from '../../../test/factories';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

let sequence = 0;
const planName = (label = 'Plan') => `${label} ${process.pid}-${Date.now().toString(36)}-${++sequence}`;

async function superSession() {
  const company = await buildCompany(server);
  const user = await buildUser(server, company, { super: true });
  return { company, token: (await login(server, user)).token };
}

async function createPlan(token: string, body: Record<string, unknown> = {}) {
  const answer = await server.call('POST', '/plans', { token, body: { name: planName(), ...body } });
  expect(answer.status).toBe(200);
  return answer.body;
}

describe('plan writes', () => {
  it('creates a plan with every feature flag on by default', async () => {
    const { token } = await superSession();
    const name = planName('Gold');
    const { status, body } = await server.call('POST', '/plans', {
      token,
      body: { name, users: 5, connections: '2', queues: 3, value: '99.90' },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      name,
      users: 5,
      connections: 2,
      queues: 3,
      value: 99.9,
      useCampaigns: true,
      useKanban: true,
      useOpenAi: true,
      useIntegrations: true,
      useSchedules: true,
      useInternalChat: true,
      useExternalApi: true,
    });
    const read = await server.call('GET', `/plans/${body.id}`, { token });
    expect(read.body).toEqual(body);
  });

  it('refuses a duplicate name with ERR_PLAN_NAME_ALREADY_EXISTS', async () => {
    const { token } = await superSession();
    const plan = await createPlan(token);
    const { status, body } = await server.call('POST', '/plans', { token, body: { name: plan.name } });
    expect(status).toBe(400);
    expect(body.error).toBe('ERR_PLAN_NAME_ALREADY_EXISTS');
  });

  it('names invalid fields with the spec texts', async () => {
    const { token } = await superSession();
    const { status, body } = await server.call('POST', '/plans', {
      token,
      body: { name: 'x', users: -1, value: 'abc' },
    });
    expect(status).toBe(400);
    expect(body.fields).toEqual({
      name: 'Too Short!',
      users: 'Must be 0 (unlimited) or more',
      value: 'Invalid value',
    });
  });

  it('names invalid fields of an update with the spec texts and changes nothing', async () => {
    const { token } = await superSession();
    const plan = await createPlan(token, { users: 3 });
    const { status, body } = await server.call('PUT', `/plans/${plan.id}`, {
      token,
      body: { name: 'x'.repeat(51), users: -1, value: 'abc' },
    });
    expect(status).toBe(400);
    expect(body.fields).toEqual({
      name: 'Too Long!',
      users: 'Must be 0 (unlimited) or more',
      value: 'Invalid value',
    });
    expect((await server.call('GET', `/plans/${plan.id}`, { token })).body).toEqual(plan);
  });

  it('changes only the fields sent on update', async () => {
    const { token } = await superSession();
    const plan = await createPlan(token, { users: 7, useKanban: false });
    const { status, body } = await server.call('PUT', `/plans/${plan.id}`, { token, body: { users: 9 } });
    expect(status).toBe(200);
    expect(body).toMatchObject({ users: 9, useKanban: false, useCampaigns: true, name: plan.name });
  });

  it('refuses renaming to another plan name', async () => {
    const { token } = await superSession();
    const first = await createPlan(token);
    const second = await createPlan(token);
    const { status, body } = await server.call('PUT', `/plans/${second.id}`, {
      token,
      body: { name: first.name },
    });
    expect(status).toBe(400);
    expect(body.error).toBe('ERR_PLAN_NAME_ALREADY_EXISTS');
  });

  it('deletes an unused plan and refuses one a company uses with ERR_PLAN_IN_USE', async () => {
    const { token, company } = await superSession();
    const unused = await createPlan(token);
    const deleted = await server.call('DELETE', `/plans/${unused.id}`, { token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Plan deleted' });
    expect((await server.call('GET', `/plans/${unused.id}`, { token })).status).toBe(404);

    const refused = await server.call('DELETE', `/plans/${company.planId}`, { token });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('ERR_PLAN_IN_USE');
    expect((await server.call('GET', `/plans/${company.planId}`, { token })).status).toBe(200);
  });

  it('answers 404 for a plan that does not exist', async () => {
    const { token } = await superSession();
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { users: 1 }],
      ['DELETE', undefined],
    ] as const) {
      const answer = await server.call(method, '/plans/999999999', { token, body });
      expect(answer.status).toBe(404);
      expect(answer.body.error).toBe('ERR_NOT_FOUND');
    }
  });

  it('answers 400, not a server error, for numbers beyond what the database holds', async () => {
    const { token } = await superSession();
    const read = await server.call('GET', '/plans/99999999999', { token });
    expect(read.status).toBe(400);
    expect(read.body.fields).toEqual({ id: 'Invalid value' });
    const write = await server.call('POST', '/plans', {
      token,
      body: { name: planName(), queues: 99999999999, value: 1e13 },
    });
    expect(write.status).toBe(400);
    expect(write.body.fields).toEqual({ queues: 'Invalid value', value: 'Invalid value' });
  });

  it('refuses writes to admins and users with 403', async () => {
    const { token: superToken } = await superSession();
    const plan = await createPlan(superToken);
    const { company, token: adminToken } = await buildAdminSession(server);
    const user = await buildUser(server, company, { profile: 'user' });
    const userToken = (await login(server, user)).token;
    for (const token of [adminToken, userToken]) {
      const created = await server.call('POST', '/plans', { token, body: { name: planName() } });
      expect(created.status).toBe(403);
      expect(created.body.error).toBe('ERR_NO_PERMISSION');
      expect((await server.call('PUT', `/plans/${plan.id}`, { token, body: { users: 1 } })).status).toBe(403);
      expect((await server.call('DELETE', `/plans/${plan.id}`, { token })).status).toBe(403);
    }
    const unchanged = await server.call('GET', `/plans/${plan.id}`, { token: adminToken });
    expect(unchanged.body.users).toBe(0);
  });
});

describe('plan reads', () => {
  it('lists every plan without a login at /plans/list and /plans/all', async () => {
    const { token } = await superSession();
    const plan = await createPlan(token);
    for (const path of ['/plans/list', '/plans/all']) {
      const { status, body } = await server.call('GET', path);
      expect(status).toBe(200);
      expect(Array.isArray(body)).toBe(true);
      expect(body).toContainEqual(plan);
    }
  });

  it('pages plans as {plans, count, hasMore} filtered by name', async () => {
    const { token } = await superSession();
    const tag = `Pág${Date.now().toString(36)}`;
    for (let i = 0; i < 21; i++) await createPlan(token, { name: `${tag} ${String(i).padStart(2, '0')}` });
    const first = await server.call(
      'GET',
      `/plans?searchParam=${encodeURIComponent(` pag${tag.slice(3)} `)}`,
      {
        token,
      },
    );
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(21);
    expect(first.body.plans).toHaveLength(20);
    expect(first.body.hasMore).toBe(true);
    expect(first.body.plans[0].name).toBe(`${tag} 00`);
    const second = await server.call('GET', `/plans?searchParam=${encodeURIComponent(tag)}&pageNumber=2`, {
      token,
    });
    expect(second.body).toMatchObject({ count: 21, hasMore: false });
    expect(second.body.plans.map((p: { name: string }) => p.name)).toEqual([`${tag} 20`]);
  });

  it('lets any logged-in user read plans', async () => {
    const company = await buildCompany(server);
    const user = await buildUser(server, company, { profile: 'user' });
    const { token } = await login(server, user);
    const one = await server.call('GET', `/plans/${company.planId}`, { token });
    expect(one.status).toBe(200);
    expect(one.body.id).toBe(company.planId);
    expect((await server.call('GET', '/plans', { token })).status).toBe(200);
    expect((await server.call('GET', '/plans')).status).toBe(401);
  });
});
