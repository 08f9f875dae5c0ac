import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSettings, settingKeys, settingValueSchemas } from '@zapdesk/contracts';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildAdminSession, buildUser, login } from '../../../test/factories';
import { connectSocket, pause } from '../../../test/socket-client';

let server: TestServer;
let baseUrl: string;
beforeAll(async () => {
  server = await startTestServer();
  baseUrl = await server.listen();
});
afterAll(() => server.close());

async function adminAndUser(profile: 'user' | 'supervisor' = 'user') {
  const { company, token: adminToken } = await buildAdminSession(server);
  const user = await buildUser(server, company, { profile });
  return { company, adminToken, userToken: (await login(server, user)).token };
}

/** Every value a select setting offers (enums), or one sample text for free-text settings. */
const allowedValues = (key: (typeof settingKeys)[number]): readonly string[] => {
  const schema = settingValueSchemas[key];
  return 'options' in schema ? schema.options : ['tok_sample'];
};

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

  it.each(['user', 'supervisor'] as const)('refuses a %s with 403 and leaves the value', async (profile) => {
    const { adminToken, userToken } = await adminAndUser(profile);
    const answer = await server.call('PUT', '/settings/call', {
      token: userToken,
      body: { value: 'enabled' },
    });
    expect(answer.status).toBe(403);
    expect(answer.body.error).toBe('ERR_NO_PERMISSION');
    const read = await server.call('GET', '/settings', { token: adminToken });
    expect(read.body).toContainEqual({ key: 'call', value: 'disabled' });
  });

  it('accepts every value each setting offers, and a flag sent as a boolean as its text', async () => {
    const { adminToken } = await adminAndUser();
    for (const key of settingKeys) {
      for (const value of allowedValues(key)) {
        const answer = await server.call('PUT', `/settings/${key}`, { token: adminToken, body: { value } });
        expect([key, answer.status, answer.body]).toEqual([key, 200, { key, value }]);
      }
    }
    const flag = await server.call('PUT', '/settings/campaignsEnabled', {
      token: adminToken,
      body: { value: false },
    });
    expect(flag.body).toEqual({ key: 'campaignsEnabled', value: 'false' });
  });

  it("keeps a super user's changes in the super user's own company, whatever companyId says", async () => {
    const { company } = await buildAdminSession(server);
    const superUser = await buildUser(server, company, { profile: 'admin', super: true });
    const owner = { token: (await login(server, superUser)).token };
    const other = await adminAndUser();
    const answer = await server.call('PUT', `/settings/userRating?companyId=${other.company.id}`, {
      token: owner.token,
      body: { value: 'enabled', companyId: other.company.id },
    });
    expect(answer.status).toBe(200);
    const own = await server.call('GET', '/settings', { token: owner.token });
    expect(own.body).toContainEqual({ key: 'userRating', value: 'enabled' });
    const theirs = await server.call('GET', '/settings', { token: other.adminToken });
    expect(theirs.body).toContainEqual({ key: 'userRating', value: defaultSettings.userRating });
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

  it('refuses a value the setting does not allow with 400 and the spec text on field value', async () => {
    const { adminToken } = await adminAndUser();
    const cases: Array<[string, unknown, string]> = [
      ['userRating', 'maybe', 'Invalid value'],
      ['scheduleType', 'weekly', 'Invalid value'],
      ['CheckMsgIsGroup', 'on', 'Invalid value'],
      ['chatBotType', 'buttons', 'Invalid value'],
      ['campaignsEnabled', 'yes', 'Invalid value'],
      ['asaas', 'x'.repeat(501), 'Too Long!'],
      ['userRating', undefined, 'Required'],
      ['userRating', null, 'Required'],
      ['call', { on: true }, 'Invalid value'],
    ];
    for (const [key, value, message] of cases) {
      const answer = await server.call('PUT', `/settings/${key}`, { token: adminToken, body: { value } });
      expect([key, answer.status, answer.body.error, answer.body.fields]).toEqual([
        key,
        400,
        'ERR_VALIDATION',
        { value: message },
      ]);
    }
    const read = await server.call('GET', '/settings', { token: adminToken });
    expect(read.body).toContainEqual({ key: 'userRating', value: 'disabled' });
    expect(read.body).toContainEqual({ key: 'asaas', value: '' });
  });
});

describe('company-{id}-settings events', () => {
  it("tells every socket of the company of a change, and no other company's", async () => {
    const a = await adminAndUser();
    const b = await buildAdminSession(server);
    const socketA = await connectSocket(baseUrl, a.userToken);
    const socketB = await connectSocket(baseUrl, b.token);
    try {
      const event = `company-${a.company.id}-settings`;
      await server.call('PUT', '/settings/sendGreetingAccepted', {
        token: a.adminToken,
        body: { value: 'enabled' },
      });
      expect(await socketA.waitFor(event)).toEqual({
        action: 'update',
        setting: { key: 'sendGreetingAccepted', value: 'enabled' },
      });
      // A refused value changes nothing and tells nobody.
      await server.call('PUT', '/settings/sendGreetingAccepted', {
        token: a.adminToken,
        body: { value: 'x' },
      });
      await pause(100);
      expect(socketA.received(event)).toHaveLength(1);
      expect(socketB.events.filter((e) => e.event.startsWith(`company-${a.company.id}-`))).toEqual([]);
    } finally {
      socketA.close();
      socketB.close();
    }
  });
});
