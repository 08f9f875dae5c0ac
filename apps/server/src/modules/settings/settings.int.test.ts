import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildAdminSession, buildUser, login } from '../../../test/factories';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function adminAndUser() {
  const { company, token: adminToken } = await buildAdminSession(server);
  const user = await buildUser(server, company, { profile: 'user' });
  return { company, adminToken, userToken: (await login(server, user)).token };
}

const keysOf = (settings: Array<{ key: string }>) => settings.map((s) => s.key);

describe('GET /settings', () => {
  it('answers every setting with its default to admins', async () => {
    const { adminToken } = await adminAndUser();
    const { status, body } = await server.call('GET', '/settings', { token: adminToken });
    expect(status).toBe(200);
    expect(body).toEqual(
      expect.arrayContaining([
        { key: 'userRating', value: 'disabled' },
        { key: 'scheduleType', value: 'disabled' },
        { key: 'CheckMsgIsGroup', value: 'enabled' },
        { key: 'call', value: 'disabled' },
        { key: 'chatBotType', value: 'text' },
        { key: 'sendGreetingAccepted', value: 'disabled' },
        { key: 'sendMsgTransfTicket', value: 'disabled' },
        { key: 'sendGreetingMessageOneQueues', value: 'disabled' },
        { key: 'campaignsEnabled', value: 'true' },
        { key: 'asaas', value: '' },
      ]),
    );
  });

  it('hides the secret payment-provider token from non-admins', async () => {
    const { adminToken, userToken } = await adminAndUser();
    await server.call('PUT', '/settings/asaas', { token: adminToken, body: { value: 'tok_live_123' } });
    const asUser = await server.call('GET', '/settings', { token: userToken });
    expect(asUser.status).toBe(200);
    expect(keysOf(asUser.body)).not.toContain('asaas');
    expect(JSON.stringify(asUser.body)).not.toContain('tok_live_123');
    expect(keysOf(asUser.body)).toContain('userRating');
    const asAdmin = await server.call('GET', '/settings', { token: adminToken });
    expect(asAdmin.body).toContainEqual({ key: 'asaas', value: 'tok_live_123' });
  });
});

describe('PUT /settings/:key', () => {
  it('stores the value, answers it and the next GET sees it', async () => {
    const { adminToken, userToken } = await adminAndUser();
    const { status, body } = await server.call('PUT', '/settings/userRating', {
      token: adminToken,
      body: { value: 'enabled' },
    });
    expect(status).toBe(200);
    expect(body).toEqual({ key: 'userRating', value: 'enabled' });
    const read = await server.call('GET', '/settings', { token: userToken });
    expect(read.body).toContainEqual({ key: 'userRating', value: 'enabled' });
  });

  it('changes only the caller company', async () => {
    const first = await adminAndUser();
    const second = await adminAndUser();
    await server.call('PUT', '/settings/scheduleType', {
      token: first.adminToken,
      body: { value: 'company' },
    });
    const other = await server.call('GET', '/settings', { token: second.adminToken });
    expect(other.body).toContainEqual({ key: 'scheduleType', value: 'disabled' });
  });

  it('refuses non-admins with 403 and leaves the value', async () => {
    const { adminToken, userToken } = await adminAndUser();
    const answer = await server.call('PUT', '/settings/call', {
      token: userToken,
      body: { value: 'enabled' },
    });
    expect(answer.status).toBe(403);
    expect(answer.body.error).toBe('ERR_NO_PERMISSION');
    const read = await server.call('GET', '/settings', { token: adminToken });
    expect(read.body).toContainEqual({ key: 'call', value: 'disabled' });
  });

  it('answers 404 ERR_NO_SETTING_FOUND for an unknown key', async () => {
    const { adminToken } = await adminAndUser();
    const answer = await server.call('PUT', '/settings/notASetting', {
      token: adminToken,
      body: { value: 'x' },
    });
    expect(answer.status).toBe(404);
    expect(answer.body.error).toBe('ERR_NO_SETTING_FOUND');
    const read = await server.call('GET', '/settings', { token: adminToken });
    expect(keysOf(read.body)).not.toContain('notASetting');
  });

  it('refuses a value the setting does not allow with 400 on field value', async () => {
    const { adminToken } = await adminAndUser();
    for (const [key, value] of [
      ['userRating', 'maybe'],
      ['scheduleType', 'weekly'],
      ['campaignsEnabled', 'yes'],
    ]) {
      const answer = await server.call('PUT', `/settings/${key}`, { token: adminToken, body: { value } });
      expect(answer.status, key).toBe(400);
      expect(answer.body.error).toBe('ERR_VALIDATION');
      expect(Object.keys(answer.body.fields)).toEqual(['value']);
    }
    const missing = await server.call('PUT', '/settings/userRating', { token: adminToken, body: {} });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.fields)).toEqual(['value']);
    const read = await server.call('GET', '/settings', { token: adminToken });
    expect(read.body).toContainEqual({ key: 'userRating', value: 'disabled' });
  });
});
