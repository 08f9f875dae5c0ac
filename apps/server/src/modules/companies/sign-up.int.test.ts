import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDate } from '../../platform/time/local-time';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildCompany, buildUser, login } from '../../../test/factories';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

let sequence = 0;
const unique = () => `${process.pid}-${Date.now().toString(36)}-${++sequence}`;

async function signupBody(overrides: Record<string, unknown> = {}) {
  const plan = await buildCompany(server);
  const id = unique();
  return {
    name: `Acme ${id}`,
    email: `owner-${id}@example.com`,
    phone: '(11) 98765-4321',
    password: 'secret1',
    planId: plan.planId,
    ...overrides,
  };
}

const companiesNamed = (name: string) =>
  server.ctx.scopes.asSystem((tx) =>
    tx.db.selectFrom('companies').where('name', '=', name).select(['id', 'status', 'dueDate']).execute(),
  );

describe('POST /companies/cadastro', () => {
  it('creates an active company on a 3-day trial with campaigns on, and its admin who can log in', async () => {
    const body = await signupBody({ recurrence: 'ANUAL' });
    const { status, body: company } = await server.call('POST', '/companies/cadastro', { body });
    expect(status).toBe(200);
    const trialEnd = addDays(localDate(server.ctx.config.timeZone), 3);
    expect(company).toMatchObject({
      name: body.name,
      email: body.email,
      phone: '11987654321',
      status: true,
      planId: body.planId,
      recurrence: 'ANUAL',
      dueDate: trialEnd,
      trialExpiration: trialEnd,
    });
    expect(company.plan.id).toBe(body.planId);
    expect(company.settings).toContainEqual({ key: 'campaignsEnabled', value: 'true' });
    expect(company.settings).toContainEqual({ key: 'userRating', value: 'disabled' });

    const session = await login(server, { email: body.email, password: body.password });
    expect(session.user).toMatchObject({
      name: body.name,
      profile: 'admin',
      super: false,
      companyId: company.id,
    });
    const settings = await server.call('GET', '/settings', { token: session.token });
    expect(settings.body).toContainEqual({ key: 'campaignsEnabled', value: 'true' });
  });

  it('ignores dueDate, status and campaignsEnabled sent by the client and defaults recurrence to MENSAL', async () => {
    const body = await signupBody({ dueDate: '2099-01-01', status: false, campaignsEnabled: false });
    const { status, body: company } = await server.call('POST', '/companies/cadastro', { body });
    expect(status).toBe(200);
    expect(company.status).toBe(true);
    expect(company.recurrence).toBe('MENSAL');
    expect(company.dueDate).toBe(addDays(localDate(server.ctx.config.timeZone), 3));
    expect(company.settings).toContainEqual({ key: 'campaignsEnabled', value: 'true' });
  });

  it('names every invalid field with the spec text', async () => {
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ name: '' }, { name: 'Required' }],
      [{ name: 'A' }, { name: 'Too Short!' }],
      [{ name: 'A'.repeat(51) }, { name: 'Too Long!' }],
      [{ email: '' }, { email: 'Required' }],
      [{ email: 'not-an-email' }, { email: 'Invalid email' }],
      [{ password: '1234' }, { password: 'Too Short!' }],
      [{ password: 'x'.repeat(51) }, { password: 'Too Long!' }],
      [{ password: undefined }, { password: 'Required' }],
      [{ phone: '(11) 98765-43210' }, { phone: 'Too Long!' }],
      [{ phone: undefined }, { phone: 'Required' }],
      [{ phone: null }, { phone: 'Required' }],
      [{ phone: '' }, { phone: 'Required' }],
      [{ phone: 'call me' }, { phone: 'Invalid value' }],
      [{ planId: undefined }, { planId: 'Required' }],
      [{ planId: '' }, { planId: 'Required' }],
      [{ planId: 'abc' }, { planId: 'Invalid value' }],
      [{ planId: '1abc' }, { planId: 'Invalid value' }],
      [{ planId: true }, { planId: 'Invalid value' }],
      [{ planId: [1] }, { planId: 'Invalid value' }],
      [{ planId: 0 }, { planId: 'Invalid value' }],
      [{ planId: 1.5 }, { planId: 'Invalid value' }],
      [{ planId: 99999999999 }, { planId: 'Invalid value' }],
      [{ recurrence: 'SEMANAL' }, { recurrence: 'Invalid value' }],
    ];
    for (const [overrides, fields] of cases) {
      const body = await signupBody(overrides);
      const answer = await server.call('POST', '/companies/cadastro', { body });
      expect(answer.status, JSON.stringify(overrides)).toBe(400);
      expect(answer.body.error).toBe('ERR_VALIDATION');
      expect(answer.body.fields, JSON.stringify(overrides)).toEqual(fields);
      if (typeof body.name === 'string') expect(await companiesNamed(body.name)).toEqual([]);
    }
  });

  it('refuses a company name already taken, whatever its case, with ERR_COMPANY_NAME_ALREADY_EXISTS', async () => {
    const taken = await buildCompany(server);
    const body = await signupBody({ name: taken.name.toUpperCase() });
    const { status, body: answer } = await server.call('POST', '/companies/cadastro', { body });
    expect(status).toBe(400);
    expect(answer.error).toBe('ERR_COMPANY_NAME_ALREADY_EXISTS');
    const user = await server.ctx.scopes.asSystem((tx) =>
      tx.db.selectFrom('users').where('email', '=', body.email).select('id').executeTakeFirst(),
    );
    expect(user).toBeUndefined();
  });

  it('refuses an e-mail any user already has and leaves no company behind', async () => {
    const other = await buildCompany(server);
    const existing = await buildUser(server, other);
    const body = await signupBody({ email: existing.email.toUpperCase() });
    const { status, body: answer } = await server.call('POST', '/companies/cadastro', { body });
    expect(status).toBe(400);
    expect(answer.error).toBe('ERR_EMAIL_ALREADY_EXISTS');
    expect(await companiesNamed(body.name)).toEqual([]);
  });

  it('answers 404 ERR_NO_PLAN_FOUND for a plan that does not exist', async () => {
    const body = await signupBody({ planId: 999999999 });
    const { status, body: answer } = await server.call('POST', '/companies/cadastro', { body });
    expect(status).toBe(404);
    expect(answer.error).toBe('ERR_NO_PLAN_FOUND');
    expect(await companiesNamed(body.name)).toEqual([]);
  });

  it('is rate limited when rate limiting is on', async () => {
    const limited = await startTestServer({ RATE_LIMIT: 'on' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        statuses.push((await limited.call('POST', '/companies/cadastro', { body: {} })).status);
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
      expect(statuses[10]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
