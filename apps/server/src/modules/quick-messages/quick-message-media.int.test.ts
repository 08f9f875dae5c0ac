import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildAdminSession, buildUser, login } from '../../../test/factories';
import { multipartBody } from '../../../test/multipart';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

let sequence = 0;
async function createQuickMessage(token: string) {
  const { body } = await server.call('POST', '/quick-messages', {
    token,
    body: { shortcode: `media${++sequence}` },
  });
  return body as { id: number };
}

async function upload(token: string, id: number, name: string, typeArch = 'quickMessage') {
  const form = await multipartBody({ typeArch }, { name, content: `content of ${name}`, type: 'image/jpeg' });
  return server.call('POST', `/quick-messages/${id}/media-upload`, {
    token,
    body: form.body,
    headers: form.headers,
  });
}

const stored = (relativePath: string) => path.join(server.ctx.config.storageDir, relativePath);
const files = (companyId: number) => {
  const dir = path.join(server.ctx.config.storageDir, `company${companyId}`, 'quickMessages');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

describe('quick message files', () => {
  it('stores the file with underscores for spaces, marks the message as media, replaces and removes it', async () => {
    const { token, company } = await buildAdminSession(server);
    const message = await createQuickMessage(token);
    const first = await upload(token, message.id, 'my holiday photo.jpg');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: message.id, isMedia: true, mediaName: 'my_holiday_photo.jpg' });
    expect(first.body.mediaPath).toMatch(
      new RegExp(`^company${company.id}/quickMessages/[0-9a-f-]{36}-my_holiday_photo\\.jpg$`),
    );
    expect(fs.readFileSync(stored(first.body.mediaPath), 'utf8')).toBe('content of my holiday photo.jpg');

    const second = await upload(token, message.id, 'menu.pdf', 'quickMessages');
    expect(second.body.mediaName).toBe('menu.pdf');
    expect(fs.existsSync(stored(first.body.mediaPath))).toBe(false);

    const removed = await server.call('DELETE', `/quick-messages/${message.id}/media-upload`, { token });
    expect(removed.body).toMatchObject({ isMedia: false, mediaPath: null, mediaName: null });
    expect(files(company.id)).toEqual([]);
  });

  it('lets typeArch pick only an allowed folder, never a path', async () => {
    const { token, company } = await buildAdminSession(server);
    const message = await createQuickMessage(token);
    const refused = await upload(token, message.id, 'x.png', '../../etc');
    expect([refused.status, refused.body.fields]).toEqual([400, { typeArch: 'Invalid value' }]);
    expect(files(company.id)).toEqual([]);
    const form = await multipartBody({ typeArch: 'quickMessage' });
    const noFile = await server.call('POST', `/quick-messages/${message.id}/media-upload`, {
      token,
      body: form.body,
      headers: form.headers,
    });
    expect([noFile.status, noFile.body.fields]).toEqual([400, { file: 'Required' }]);
  });

  it("refuses a colleague's upload (403) and another company's (404), keeping no file", async () => {
    const { token, company } = await buildAdminSession(server);
    const owner = await buildUser(server, company, { profile: 'user' });
    const ownerToken = (await login(server, owner)).token;
    const message = await createQuickMessage(ownerToken);
    const colleague = await buildUser(server, company, { profile: 'supervisor' });
    const refused = await upload((await login(server, colleague)).token, message.id, 'x.png');
    expect([refused.status, refused.body.error]).toEqual([403, 'ERR_NO_PERMISSION']);
    const other = await buildAdminSession(server);
    expect((await upload(other.token, message.id, 'x.png')).status).toBe(404);
    expect([...files(company.id), ...files(other.company.id)]).toEqual([]);
    expect((await upload(token, message.id, 'by-admin.png')).status).toBe(200);
  });

  it('removes the file when an edit sends mediaPath null or the message is deleted, and keeps it otherwise', async () => {
    const { token, company } = await buildAdminSession(server);
    const message = await createQuickMessage(token);
    const attached = await upload(token, message.id, 'a.png');
    const echoed = await server.call('PUT', `/quick-messages/${message.id}`, {
      token,
      body: { message: 'Still with file', mediaPath: 'a.png' },
    });
    expect(echoed.body).toMatchObject({ isMedia: true, mediaPath: attached.body.mediaPath });
    const cleared = await server.call('PUT', `/quick-messages/${message.id}`, {
      token,
      body: { mediaPath: null },
    });
    expect(cleared.body).toMatchObject({ isMedia: false, mediaPath: null, mediaName: null });
    expect(files(company.id)).toEqual([]);

    await upload(token, message.id, 'b.png');
    expect(files(company.id)).toHaveLength(1);
    await server.call('DELETE', `/quick-messages/${message.id}`, { token });
    expect(files(company.id)).toEqual([]);
  });
});
