import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdminSession, buildUser, login } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildIntegration, buildPrompt, buildQueue, createConnection } from './whatsapps.fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const put = (token: string, id: number, body: unknown) =>
  server.call('PUT', `/whatsapp/${id}`, { token, body });
const get = async (token: string, id: number) =>
  (await server.call('GET', `/whatsapp/${id}`, { token })).body;

describe('PUT /whatsapp/:id', () => {
  it('changes only the fields sent and keeps the queues when queueIds is absent', async () => {
    const { company, token } = await buildAdminSession(server);
    const queue = await buildQueue(server, company.id);
    const created = await createConnection(server, token, {
      name: 'Before',
      greetingMessage: 'Hi',
      ratingMessage: 'Rate',
      queueIds: [queue.id],
    });
    const prompt = await buildPrompt(server, company.id);
    const integration = await buildIntegration(server, company.id);
    const { status, body } = await put(token, created.id, {
      name: 'After',
      complationMessage: 'Thanks',
      expiresTicket: 12,
      maxUseBotQueues: 5,
      transferQueueId: queue.id,
      promptId: prompt.id,
      integrationId: integration.id,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      name: 'After',
      greetingMessage: 'Hi',
      ratingMessage: 'Rate',
      complationMessage: 'Thanks',
      expiresTicket: 12,
      maxUseBotQueues: 5,
      timeUseBotQueues: 0,
      transferQueueId: queue.id,
      prompt: { id: prompt.id, name: prompt.name },
      integration: { id: integration.id, name: integration.name, type: 'webhook' },
      queues: [{ id: queue.id, name: queue.name, color: queue.color }],
    });
    expect(await get(token, created.id)).toEqual(body);

    const cleared = await put(token, created.id, {
      queueIds: [],
      promptId: null,
      integrationId: '',
      transferQueueId: 0,
    });
    expect(cleared.body).toMatchObject({
      queues: [],
      prompt: null,
      promptId: null,
      integration: null,
      transferQueueId: null,
    });
  });

  it('moves the default to the connection marked default, and refuses to leave the company without one', async () => {
    const { token } = await buildAdminSession(server);
    const first = await createConnection(server, token);
    const second = await createConnection(server, token);
    const moved = await put(token, second.id, { isDefault: true });
    expect(moved.body.isDefault).toBe(true);
    expect((await get(token, first.id)).isDefault).toBe(false);

    const refused = await put(token, second.id, { isDefault: false, name: 'Renamed' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('ERR_NO_OTHER_WHATSAPP');
    expect(await get(token, second.id)).toMatchObject({ isDefault: true, name: second.name });
    expect((await put(token, first.id, { isDefault: false })).status).toBe(200);
  });

  it('requires the greeting while the connection has more than one queue', async () => {
    const { company, token } = await buildAdminSession(server);
    const [q1, q2] = [await buildQueue(server, company.id), await buildQueue(server, company.id)];
    const created = await createConnection(server, token, {
      greetingMessage: 'Hello',
      queueIds: [q1.id, q2.id],
    });
    const withoutGreeting = await put(token, created.id, { greetingMessage: '' });
    expect(withoutGreeting.body.error).toBe('ERR_WAPP_GREETING_REQUIRED');

    const plain = await createConnection(server, token, { queueIds: [q1.id] });
    const secondQueue = await put(token, plain.id, { queueIds: [q1.id, q2.id] });
    expect(secondQueue.body.error).toBe('ERR_WAPP_GREETING_REQUIRED');
    expect((await get(token, plain.id)).queues).toHaveLength(1);
  });

  it('refuses a name another connection of the company has', async () => {
    const { token } = await buildAdminSession(server);
    const first = await createConnection(server, token, { name: 'Taken name' });
    const second = await createConnection(server, token);
    const answer = await put(token, second.id, { name: 'taken NAME' });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('ERR_WAPP_NAME_ALREADY_EXISTS');
    expect((await put(token, first.id, { name: 'Taken name' })).status).toBe(200);
  });

  it('validates what is sent: a short name, negative counts, unknown provider', async () => {
    const { token } = await buildAdminSession(server);
    const created = await createConnection(server, token);
    const cases: Array<[string, unknown, string]> = [
      ['name', 'x', 'Too Short!'],
      ['expiresTicket', -5, 'Invalid value'],
      ['provider', 'sms', 'Invalid value'],
      ['isDefault', 'maybe', 'Invalid input: expected boolean, received string'],
    ];
    for (const [field, value, message] of cases) {
      const answer = await put(token, created.id, { [field]: value });
      expect(answer.status, field).toBe(400);
      expect(answer.body.fields[field], field).toBe(message);
    }
  });

  it('keeps stored cloud credentials unless new ones are sent, and requires them all to switch to cloud', async () => {
    const { token } = await buildAdminSession(server);
    const beta = await createConnection(server, token);
    const switching = await put(token, beta.id, { provider: 'cloud', accessToken: 'only-this' });
    expect(switching.status).toBe(400);
    expect(switching.body.fields).toEqual({
      phoneNumberId: 'Required',
      appSecret: 'Required',
      verifyToken: 'Required',
    });

    const cloud = await createConnection(server, token, {
      provider: 'cloud',
      phoneNumberId: '111',
      accessToken: 'old-token',
      appSecret: 'secret',
      verifyToken: 'verify',
    });
    const renamed = await put(token, cloud.id, { name: 'Cloud renamed', accessToken: '' });
    expect(renamed.body).toMatchObject({ name: 'Cloud renamed', credentialsConfigured: true });
    const rows = await server.ctx.scopes.asSystem((tx) =>
      tx.db
        .selectFrom('whatsapps')
        .where('id', '=', cloud.id)
        .select('providerConfig')
        .executeTakeFirstOrThrow(),
    );
    expect(rows.providerConfig).toEqual({
      phoneNumberId: '111',
      accessToken: 'old-token',
      appSecret: 'secret',
      verifyToken: 'verify',
    });
    await put(token, cloud.id, { accessToken: 'new-token' });
    const after = await server.ctx.scopes.asSystem((tx) =>
      tx.db
        .selectFrom('whatsapps')
        .where('id', '=', cloud.id)
        .select('providerConfig')
        .executeTakeFirstOrThrow(),
    );
    expect(after.providerConfig).toMatchObject({ accessToken: 'new-token', phoneNumberId: '111' });
  });

  it('answers 404 for an unknown connection and for ids of another company in the body', async () => {
    const a = await buildAdminSession(server);
    const b = await buildAdminSession(server);
    const created = await createConnection(server, a.token);
    const missing = await put(a.token, 2_000_000_000, { name: 'Nobody' });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('ERR_NO_WAPP_FOUND');
    const foreignQueue = await buildQueue(server, b.company.id);
    for (const body of [
      { queueIds: [foreignQueue.id] },
      { transferQueueId: foreignQueue.id },
      { promptId: (await buildPrompt(server, b.company.id)).id },
      { integrationId: (await buildIntegration(server, b.company.id)).id },
    ]) {
      expect((await put(a.token, created.id, body)).status, JSON.stringify(body)).toBe(404);
    }
    expect(await get(a.token, created.id)).toMatchObject({
      queues: [],
      transferQueueId: null,
      promptId: null,
    });
  });

  it('is for admins only', async () => {
    const { company, token } = await buildAdminSession(server);
    const created = await createConnection(server, token);
    const { token: userToken } = await login(server, await buildUser(server, company, { profile: 'user' }));
    const answer = await put(userToken, created.id, { name: 'Hijacked' });
    expect(answer.status).toBe(403);
    expect((await get(token, created.id)).name).toBe(created.name);
  });
});
