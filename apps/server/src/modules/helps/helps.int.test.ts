import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildAdminSession, buildCompany, buildUser, login } from '../../../test/factories';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

let sequence = 0;
const title = (label = 'Help') => `${label} ${process.pid}-${Date.now().toString(36)}-${++sequence}`;

async function superToken() {
  const company = await buildCompany(server);
  const user = await buildUser(server, company, { super: true });
  return (await login(server, user)).token;
}

async function userToken() {
  const company = await buildCompany(server);
  const user = await buildUser(server, company, { profile: 'user' });
  return (await login(server, user)).token;
}

describe('help videos', () => {
  it('lets the super user add, edit and delete a video that every company then sees', async () => {
    const token = await superToken();
    const name = title('Connecting WhatsApp');
    const created = await server.call('POST', '/helps', {
      token,
      body: { title: name, video: 'dQw4w9WgXcQ', description: 'Scan the QR code' },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      title: name,
      video: 'dQw4w9WgXcQ',
      description: 'Scan the QR code',
    });

    const reader = await userToken();
    const list = await server.call('GET', '/helps/list', { token: reader });
    expect(list.status).toBe(200);
    expect(list.body).toContainEqual(created.body);

    const edited = await server.call('PUT', `/helps/${created.body.id}`, { token, body: { video: 'abc' } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: name, video: 'abc', description: 'Scan the QR code' });
    const read = await server.call('GET', `/helps/${created.body.id}`, { token: reader });
    expect(read.body.video).toBe('abc');

    const deleted = await server.call('DELETE', `/helps/${created.body.id}`, { token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Help deleted' });
    const gone = await server.call('GET', `/helps/${created.body.id}`, { token: reader });
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe('ERR_NOT_FOUND');
  });

  it('pages videos under records with count and hasMore, filtered by title', async () => {
    const token = await superToken();
    const tag = `Ajuda${Date.now().toString(36)}`;
    for (let i = 0; i < 21; i++) {
      await server.call('POST', '/helps', { token, body: { title: `${tag} ${String(i).padStart(2, '0')}` } });
    }
    const first = await server.call('GET', `/helps?searchParam=${tag.toUpperCase()}`, {
      token: await userToken(),
    });
    expect(first.status).toBe(200);
    expect(first.body.records).toHaveLength(20);
    expect(first.body).toMatchObject({ count: 21, hasMore: true });
    const second = await server.call('GET', `/helps?searchParam=${tag}&pageNumber=2`, { token });
    expect(second.body).toMatchObject({ count: 21, hasMore: false });
    expect(second.body.records.map((h: { title: string }) => h.title)).toEqual([`${tag} 20`]);
  });

  it('answers the spec texts for broken fields on add and on edit, and stores nothing', async () => {
    const token = await superToken();
    const name = title('Broken');
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ title: '  ', video: 'x' }, { title: 'Required' }],
      [{ video: 'x' }, { title: 'Required' }],
      [{ title: 'x'.repeat(201) }, { title: 'Too Long!' }],
      [{ title: name, description: 'x'.repeat(5001) }, { description: 'Too Long!' }],
      [{ title: name, description: 42 }, { description: 'Invalid value' }],
      [{ title: name, video: 'v'.repeat(201) }, { video: 'Too Long!' }],
    ];
    for (const [body, fields] of cases) {
      const answer = await server.call('POST', '/helps', { token, body });
      expect({ body, status: answer.status, fields: answer.body.fields }).toEqual({
        body,
        status: 400,
        fields,
      });
    }
    expect((await server.call('GET', `/helps?searchParam=${name}`, { token })).body.count).toBe(0);

    const created = await server.call('POST', '/helps', { token, body: { title: name } });
    const emptied = await server.call('PUT', `/helps/${created.body.id}`, { token, body: { title: '' } });
    expect([emptied.status, emptied.body.fields]).toEqual([400, { title: 'Required' }]);
    expect((await server.call('GET', `/helps/${created.body.id}`, { token })).body.title).toBe(name);
  });

  it('answers 404 to an edit or delete of a video that does not exist', async () => {
    const token = await superToken();
    const created = await server.call('POST', '/helps', { token, body: { title: title() } });
    await server.call('DELETE', `/helps/${created.body.id}`, { token });
    const edit = await server.call('PUT', `/helps/${created.body.id}`, { token, body: { title: 'Back' } });
    const remove = await server.call('DELETE', `/helps/${created.body.id}`, { token });
    expect([edit.status, edit.body.error, remove.status, remove.body.error]).toEqual([
      404,
      'ERR_NOT_FOUND',
      404,
      'ERR_NOT_FOUND',
    ]);
  });

  it.each(['user', 'supervisor'] as const)('refuses writes to a %s with 403', async (profile) => {
    const token = await superToken();
    const created = await server.call('POST', '/helps', { token, body: { title: title() } });
    const company = await buildCompany(server);
    const staff = await buildUser(server, company, { profile });
    const staffToken = (await login(server, staff)).token;
    const attempts = [
      await server.call('POST', '/helps', { token: staffToken, body: { title: title() } }),
      await server.call('PUT', `/helps/${created.body.id}`, { token: staffToken, body: { title: 'Mine' } }),
      await server.call('DELETE', `/helps/${created.body.id}`, { token: staffToken }),
    ];
    expect(attempts.map((a) => [a.status, a.body.error])).toEqual(
      attempts.map(() => [403, 'ERR_NO_PERMISSION']),
    );
    expect((await server.call('GET', `/helps/${created.body.id}`, { token: staffToken })).body.title).toBe(
      created.body.title,
    );
  });

  it('refuses writes to admins with 403 and reads without a login with 401', async () => {
    const token = await superToken();
    const created = await server.call('POST', '/helps', { token, body: { title: title() } });
    const { token: adminToken } = await buildAdminSession(server);
    const refused = await server.call('POST', '/helps', { token: adminToken, body: { title: title() } });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('ERR_NO_PERMISSION');
    const edit = await server.call('PUT', `/helps/${created.body.id}`, {
      token: adminToken,
      body: { title: 'x' },
    });
    expect(edit.status).toBe(403);
    expect((await server.call('DELETE', `/helps/${created.body.id}`, { token: adminToken })).status).toBe(
      403,
    );
    expect((await server.call('GET', `/helps/${created.body.id}`, { token: adminToken })).body.title).toBe(
      created.body.title,
    );
    expect((await server.call('GET', '/helps')).status).toBe(401);
  });
});
