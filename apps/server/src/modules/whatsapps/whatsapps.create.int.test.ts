import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdminSession, buildUser, login } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildIntegration, buildPrompt, buildQueue, createConnection } from './whatsapps.fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const post = (token: string, body: unknown) => server.call('POST', '/whatsapp', { token, body });

describe('POST /whatsapp', () => {
  it('creates the first connection as default with the spec defaults and a random token', async () => {
    const { token } = await buildAdminSession(server);
    const { status, body } = await post(token, { name: 'Sales' });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      name: 'Sales',
      isDefault: true,
      provider: 'beta',
      expiresTicket: 0,
      timeUseBotQueues: 0,
      maxUseBotQueues: 3,
      timeToTransfer: 0,
      greetingMessage: '',
      queues: [],
      prompt: null,
      integration: null,
      credentialsConfigured: true,
    });
    expect(body.token).toMatch(/^[0-9a-f]{32}$/);
    expect(body).not.toHaveProperty('providerConfig');

    const second = await post(token, { name: 'Support' });
    expect(second.body.isDefault).toBe(false);
    expect(second.body.token).not.toBe(body.token);
  });

  it('stores every field of the form with its queues, prompt and integration', async () => {
    const { company, token } = await buildAdminSession(server);
    const [q1, q2] = [await buildQueue(server, company.id), await buildQueue(server, company.id)];
    const prompt = await buildPrompt(server, company.id);
    const integration = await buildIntegration(server, company.id);
    const { status, body } = await post(token, {
      name: 'Everything',
      greetingMessage: 'Hello {{name}}',
      complationMessage: 'Bye',
      outOfHoursMessage: 'Closed',
      ratingMessage: 'Rate us',
      expiresInactiveMessage: 'Closing for inactivity',
      token: 'my-api-token-123',
      expiresTicket: '24',
      timeUseBotQueues: 5,
      maxUseBotQueues: 2,
      timeToTransfer: 10,
      transferQueueId: q2.id,
      promptId: prompt.id,
      integrationId: integration.id,
      queueIds: [q1.id, q2.id],
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      greetingMessage: 'Hello {{name}}',
      complationMessage: 'Bye',
      outOfHoursMessage: 'Closed',
      ratingMessage: 'Rate us',
      expiresInactiveMessage: 'Closing for inactivity',
      token: 'my-api-token-123',
      expiresTicket: 24,
      timeUseBotQueues: 5,
      maxUseBotQueues: 2,
      timeToTransfer: 10,
      transferQueueId: q2.id,
      promptId: prompt.id,
      prompt: { id: prompt.id, name: prompt.name },
      integrationId: integration.id,
      integration: { id: integration.id, name: integration.name, type: 'webhook' },
    });
    expect(body.queues.map((q: { id: number }) => q.id).sort()).toEqual([q1.id, q2.id].sort());
    expect(body.queues[0]).toEqual(
      expect.objectContaining({ name: expect.any(String), color: expect.any(String) }),
    );
    const read = await server.call('GET', `/whatsapp/${body.id}`, { token });
    expect(read.body).toEqual({ ...body, status: read.body.status, updatedAt: read.body.updatedAt });
  });

  it('moves the default when a new connection asks to be it', async () => {
    const { token } = await buildAdminSession(server);
    const first = await createConnection(server, token);
    const second = await createConnection(server, token, { isDefault: true });
    expect(second.isDefault).toBe(true);
    const list = await server.call('GET', '/whatsapp', { token });
    const defaults = list.body
      .filter((w: { isDefault: boolean }) => w.isDefault)
      .map((w: { id: number }) => w.id);
    expect(defaults).toEqual([second.id]);
    expect(list.body.find((w: { id: number }) => w.id === first.id).isDefault).toBe(false);
  });

  it('checks the name: required, 2 to 50 characters, unique in the company whatever its case', async () => {
    const a = await buildAdminSession(server);
    const b = await buildAdminSession(server);
    const cases: Array<[unknown, string]> = [
      [undefined, 'Required'],
      ['   ', 'Required'],
      ['a', 'Too Short!'],
      ['x'.repeat(51), 'Too Long!'],
    ];
    for (const [name, message] of cases) {
      const answer = await post(a.token, { name });
      expect(answer.status, String(name)).toBe(400);
      expect(answer.body.fields.name).toBe(message);
    }
    expect((await post(a.token, { name: 'Main line' })).status).toBe(200);
    const taken = await post(a.token, { name: 'MAIN LINE' });
    expect(taken.status).toBe(400);
    expect(taken.body.error).toBe('ERR_WAPP_NAME_ALREADY_EXISTS');
    expect((await post(b.token, { name: 'Main line' })).status).toBe(200);
  });

  it('rejects invalid values field by field', async () => {
    const { token } = await buildAdminSession(server);
    const cases: Array<[string, unknown, string]> = [
      ['expiresTicket', -1, 'Invalid value'],
      ['timeUseBotQueues', 'soon', 'Invalid value'],
      ['maxUseBotQueues', 1.5, 'Invalid value'],
      ['timeToTransfer', 3_000_000_000, 'Invalid value'],
      ['provider', 'telegram', 'Invalid value'],
      ['greetingMessage', 'x'.repeat(4001), 'Too Long!'],
      ['ratingMessage', 42, 'Invalid value'],
      ['transferQueueId', 'queue', 'Invalid value'],
      ['promptId', -3, 'Invalid value'],
      ['queueIds', 'all', 'Invalid value'],
      ['token', 'has spaces in it', 'Letters, digits and symbols only, no spaces'],
    ];
    for (const [field, value, message] of cases) {
      const answer = await post(token, { name: 'Valid name', [field]: value });
      expect(answer.status, field).toBe(400);
      expect(answer.body.error, field).toBe('ERR_VALIDATION');
      expect(
        Object.keys(answer.body.fields).some((key) => key.startsWith(field)),
        field,
      ).toBe(true);
      if (field !== 'queueIds') expect(answer.body.fields[field], field).toBe(message);
    }
    const list = await server.call('GET', '/whatsapp', { token });
    expect(list.body).toEqual([]);
  });

  it('requires a greeting message with more than one queue', async () => {
    const { company, token } = await buildAdminSession(server);
    const [q1, q2] = [await buildQueue(server, company.id), await buildQueue(server, company.id)];
    const refused = await post(token, {
      name: 'Two queues',
      queueIds: [q1.id, q2.id],
      greetingMessage: '  ',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('ERR_WAPP_GREETING_REQUIRED');
    expect((await post(token, { name: 'One queue', queueIds: [q1.id] })).status).toBe(200);
    const accepted = await post(token, { name: 'Greeted', queueIds: [q1.id, q2.id], greetingMessage: 'Hi' });
    expect(accepted.status).toBe(200);
  });

  it('refuses a token another connection uses, in any company', async () => {
    const a = await buildAdminSession(server);
    const b = await buildAdminSession(server);
    const token = `shared-${Date.now()}`;
    expect((await post(a.token, { name: 'First', token })).status).toBe(200);
    const taken = await post(b.token, { name: 'Second', token });
    expect(taken.status).toBe(400);
    expect(taken.body.fields).toEqual({ token: 'This token is already in use' });
  });

  it("answers 404 for another company's queue, prompt or integration ids and creates nothing", async () => {
    const a = await buildAdminSession(server);
    const b = await buildAdminSession(server);
    const foreignQueue = await buildQueue(server, b.company.id);
    const bodies = [
      { queueIds: [foreignQueue.id] },
      { transferQueueId: foreignQueue.id },
      { promptId: (await buildPrompt(server, b.company.id)).id },
      { integrationId: (await buildIntegration(server, b.company.id)).id },
      { queueIds: [2_000_000_000] },
    ];
    for (const body of bodies) {
      const answer = await post(a.token, { name: 'Borrowing', ...body });
      expect(answer.status, JSON.stringify(body)).toBe(404);
    }
    expect((await server.call('GET', '/whatsapp', { token: a.token })).body).toEqual([]);
  });

  it('enforces the plan connection limit, 0 meaning unlimited', async () => {
    const limited = await buildAdminSession(server, { plan: { connections: 2 } });
    await createConnection(server, limited.token);
    await createConnection(server, limited.token);
    const third = await post(limited.token, { name: 'One too many' });
    expect(third.status).toBe(400);
    expect(third.body.error).toBe('ERR_PLAN_LIMIT_CONNECTIONS');

    const unlimited = await buildAdminSession(server, { plan: { connections: 0 } });
    for (let i = 0; i < 3; i++) await createConnection(server, unlimited.token);
    expect((await server.call('GET', '/whatsapp', { token: unlimited.token })).body).toHaveLength(3);
  });

  it('lets only one of concurrent creates pass a limit of one', async () => {
    const { token } = await buildAdminSession(server, { plan: { connections: 1 } });
    const answers = await Promise.all(
      ['A1', 'B2', 'C3', 'D4'].map((name) => post(token, { name: `Race ${name}` })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.body.error === 'ERR_PLAN_LIMIT_CONNECTIONS')).toHaveLength(3);
    const list = await server.call('GET', '/whatsapp', { token });
    expect(list.body).toHaveLength(1);
    expect(list.body[0].isDefault).toBe(true);
  });

  it('keeps cloud credentials write-only and requires all four for a cloud connection', async () => {
    const { token } = await buildAdminSession(server);
    const missing = await post(token, { name: 'Cloud', provider: 'cloud', phoneNumberId: '123' });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({
      accessToken: 'Required',
      appSecret: 'Required',
      verifyToken: 'Required',
    });

    const secrets = {
      phoneNumberId: 'PNID-998877',
      accessToken: 'EAAG-secret-access-token',
      appSecret: 'app-secret-xyz',
      verifyToken: 'verify-me-please',
    };
    const created = await post(token, { name: 'Cloud', provider: 'cloud', ...secrets });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ provider: 'cloud', credentialsConfigured: true });
    const read = await server.call('GET', `/whatsapp/${created.body.id}`, { token });
    const list = await server.call('GET', '/whatsapp', { token });
    for (const secret of Object.values(secrets)) {
      expect(created.response.body).not.toContain(secret);
      expect(read.response.body).not.toContain(secret);
      expect(list.response.body).not.toContain(secret);
    }
  });

  it('refuses non-admins and, when the simulator is off, simulator connections', async () => {
    const { company, token } = await buildAdminSession(server);
    const user = await buildUser(server, company, { profile: 'user' });
    const { token: userToken } = await login(server, user);
    const refused = await post(userToken, { name: 'Not mine' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('ERR_NO_PERMISSION');

    const off = await startTestServer({ SIMULATOR: 'off' });
    try {
      const answer = await off.call('POST', '/whatsapp', {
        token,
        body: { name: 'Sim', provider: 'simulator' },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.fields).toEqual({ provider: 'The simulator is disabled on this server' });
    } finally {
      await off.close();
    }
    expect((await server.call('GET', '/whatsapp', { token })).body).toEqual([]);
  });
});
