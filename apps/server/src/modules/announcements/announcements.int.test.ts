import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANNOUNCEMENT_EVENT } from '@zapdesk/contracts';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildAdminSession, buildCompany, buildUser, login } from '../../../test/factories';
import { multipartBody } from '../../../test/multipart';
import { connectSocket, pause } from '../../../test/socket-client';

let server: TestServer;
let baseUrl: string;
beforeAll(async () => {
  server = await startTestServer();
  baseUrl = await server.listen();
});
afterAll(() => server.close());

let sequence = 0;
const tag = () => `Aviso${process.pid}x${Date.now().toString(36)}x${++sequence}`;

async function superToken() {
  const company = await buildCompany(server);
  const user = await buildUser(server, company, { super: true });
  return (await login(server, user)).token;
}

async function agentToken() {
  const company = await buildCompany(server);
  const user = await buildUser(server, company, { profile: 'user' });
  return (await login(server, user)).token;
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe('announcements', () => {
  it('shows the active ones to every company by priority then newest, and every one to the super user', async () => {
    const token = await superToken();
    const name = tag();
    const make = (title: string, extra: Record<string, unknown> = {}) =>
      server.call('POST', '/announcements', {
        token,
        body: { title: `${name} ${title}`, text: 'Texto', ...extra },
      });
    const low = await make('baixa');
    expect(low.status).toBe(200);
    expect(low.body).toMatchObject({ priority: 3, status: true, mediaPath: null, mediaName: null });
    const high = await make('alta', { priority: 1 });
    const lowNewer = await make('baixa nova', { priority: '3' });
    const hidden = await make('inativa', { priority: 1, status: false });

    const agent = await agentToken();
    const seen = await server.call('GET', `/announcements?searchParam=${name}`, { token: agent });
    expect(seen.status).toBe(200);
    expect(seen.body.records.map((a: { id: number }) => a.id)).toEqual([
      high.body.id,
      lowNewer.body.id,
      low.body.id,
    ]);
    expect(seen.body).toMatchObject({ count: 3, hasMore: false });
    const all = await server.call('GET', `/announcements?searchParam=${name}`, { token });
    expect(all.body.records.map((a: { id: number }) => a.id)).toEqual([
      hidden.body.id,
      high.body.id,
      lowNewer.body.id,
      low.body.id,
    ]);
    expect((await server.call('GET', `/announcements/${hidden.body.id}`, { token: agent })).status).toBe(404);
    expect((await server.call('GET', `/announcements/${hidden.body.id}`, { token })).body.status).toBe(false);
    expect((await server.call('GET', `/announcements/${high.body.id}`, { token: agent })).body).toEqual(
      high.body,
    );
  });

  it('lets only a super user write, and refuses missing title or text and a bad priority', async () => {
    const token = await superToken();
    const created = await server.call('POST', '/announcements', { token, body: { title: tag(), text: 'x' } });
    const { token: admin } = await buildAdminSession(server);
    const attempts = [
      await server.call('POST', '/announcements', { token: admin, body: { title: tag(), text: 'x' } }),
      await server.call('PUT', `/announcements/${created.body.id}`, { token: admin, body: { title: 'Meu' } }),
      await server.call('DELETE', `/announcements/${created.body.id}`, { token: admin }),
      await server.call('DELETE', `/announcements/${created.body.id}/media-upload`, { token: admin }),
    ];
    expect(attempts.map((a) => [a.status, a.body.error])).toEqual(
      attempts.map(() => [403, 'ERR_NO_PERMISSION']),
    );

    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ text: 'x' }, { title: 'Required' }],
      [{ title: ' ', text: 'x' }, { title: 'Required' }],
      [{ title: 'Sem texto' }, { text: 'Required' }],
      [{ title: 'Prioridade', text: 'x', priority: 4 }, { priority: 'Invalid value' }],
    ];
    for (const [body, fields] of cases) {
      const answer = await server.call('POST', '/announcements', { token, body });
      expect({ body, status: answer.status, fields: answer.body.fields }).toEqual({
        body,
        status: 400,
        fields,
      });
    }
    const edited = await server.call('PUT', `/announcements/${created.body.id}`, {
      token,
      body: { status: false, priority: 2 },
    });
    expect(edited.body).toMatchObject({ title: created.body.title, text: 'x', status: false, priority: 2 });
    const removed = await server.call('DELETE', `/announcements/${created.body.id}`, { token });
    expect(removed.body).toEqual({ message: 'Announcement deleted' });
    expect((await server.call('GET', `/announcements/${created.body.id}`, { token })).status).toBe(404);
  });

  it('stores a png or jpeg image, serves it under /public, and refuses anything else', async () => {
    const token = await superToken();
    const created = await server.call('POST', '/announcements', {
      token,
      body: { title: tag(), text: 'Com foto' },
    });
    const url = `/announcements/${created.body.id}/media-upload`;
    const svg = await multipartBody(
      {},
      { name: 'logo.png', content: '<svg onload="alert(1)"/>', type: 'image/png' },
    );
    const refused = await server.call('POST', url, { token, ...svg });
    expect([refused.status, refused.body.fields]).toEqual([400, { file: 'Invalid value' }]);
    const gif = await multipartBody({}, { name: 'anim.gif', content: 'GIF89a', type: 'image/gif' });
    expect((await server.call('POST', url, { token, ...gif })).status).toBe(400);

    const png = await multipartBody({}, { name: 'nova foto.png', content: PNG, type: 'image/png' });
    const uploaded = await server.call('POST', url, { token, ...png });
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.mediaName).toBe('nova_foto.png');
    expect(uploaded.body.mediaPath).toMatch(/^company\d+\/announcements\/[0-9a-f-]{36}-nova_foto\.png$/);
    const served = await server.app.inject({ method: 'GET', url: `/public/${uploaded.body.mediaPath}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const detached = await server.call('DELETE', url, { token });
    expect(detached.body).toMatchObject({ mediaPath: null, mediaName: null });
    await pause(50);
    const gone = await server.app.inject({ method: 'GET', url: `/public/${uploaded.body.mediaPath}` });
    expect(gone.statusCode).toBe(404);
  });

  it('sends company-announcement to the sockets of every company', async () => {
    const token = await superToken();
    const first = await buildAdminSession(server);
    const second = await buildAdminSession(server);
    const listeners = [await connectSocket(baseUrl, first.token), await connectSocket(baseUrl, second.token)];
    try {
      const created = await server.call('POST', '/announcements', {
        token,
        body: { title: tag(), text: 'Para todos' },
      });
      for (const socket of listeners) {
        expect(await socket.waitFor(ANNOUNCEMENT_EVENT)).toEqual({ action: 'create', record: created.body });
      }
      await server.call('DELETE', `/announcements/${created.body.id}`, { token });
      await pause(100);
      for (const socket of listeners) {
        expect(socket.received(ANNOUNCEMENT_EVENT)).toContainEqual({ action: 'delete', id: created.body.id });
      }
    } finally {
      for (const socket of listeners) socket.close();
    }
  });
});
