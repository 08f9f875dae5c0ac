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
async function createQueue(token: string): Promise<number> {
  const n = ++sequence;
  const color = `#${((process.pid * 17 + n * 9173) % 0xffffff).toString(16).padStart(6, '0')}`;
  const { body } = await server.call('POST', '/queue', { token, body: { name: `Media queue ${n}`, color } });
  return body.id;
}

async function upload(token: string, url: string, name: string, content: string) {
  const form = await multipartBody({}, { name, content, type: 'image/png' });
  return server.call('POST', url, { token, body: form.body, headers: form.headers });
}

const stored = (relativePath: string) => path.join(server.ctx.config.storageDir, relativePath);
const companyFiles = (companyId: number, folder: string) => {
  const dir = path.join(server.ctx.config.storageDir, `company${companyId}`, folder);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

describe('queue media', () => {
  it('stores the greeting media under the company folder, serves it, replaces and removes it', async () => {
    const { token, company } = await buildAdminSession(server);
    const queueId = await createQueue(token);
    const first = await upload(token, `/queue/${queueId}/media-upload`, 'greeting card.png', 'first');
    expect(first.status).toBe(200);
    expect(first.body.mediaName).toBe('greeting_card.png');
    expect(first.body.mediaPath).toMatch(
      new RegExp(`^company${company.id}/queues/[0-9a-f-]{36}-greeting_card\\.png$`),
    );
    const served = await server.call('GET', `/public/${first.body.mediaPath}`);
    expect([served.status, served.response.body]).toEqual([200, 'first']);
    expect((await server.call('GET', `/queue/${queueId}`, { token })).body.mediaPath).toBe(
      first.body.mediaPath,
    );

    const second = await upload(token, `/queue/${queueId}/media-upload`, 'other.png', 'second');
    expect(second.body.mediaName).toBe('other.png');
    expect(fs.existsSync(stored(first.body.mediaPath))).toBe(false);
    expect(fs.readFileSync(stored(second.body.mediaPath), 'utf8')).toBe('second');

    const removed = await server.call('DELETE', `/queue/${queueId}/media-upload`, { token });
    expect(removed.body).toMatchObject({ id: queueId, mediaPath: null, mediaName: null });
    expect(fs.existsSync(stored(second.body.mediaPath))).toBe(false);
  });

  it('keeps uploaded names inside the company folder', async () => {
    const { token, company } = await buildAdminSession(server);
    const queueId = await createQueue(token);
    const answer = await upload(token, `/queue/${queueId}/media-upload`, '../../../etc/pass wd', 'x');
    expect(answer.body.mediaPath).toMatch(new RegExp(`^company${company.id}/queues/[0-9a-f-]{36}-pass_wd$`));
  });

  it('requires a file', async () => {
    const { token } = await buildAdminSession(server);
    const queueId = await createQueue(token);
    const empty = await multipartBody({ typeArch: 'queues' });
    const noFile = await server.call('POST', `/queue/${queueId}/media-upload`, {
      token,
      body: empty.body,
      headers: empty.headers,
    });
    expect([noFile.status, noFile.body.fields]).toEqual([400, { file: 'Required' }]);
    const json = await server.call('POST', `/queue/${queueId}/media-upload`, { token, body: { file: 'x' } });
    expect([json.status, json.body.fields]).toEqual([400, { file: 'Required' }]);
  });

  it("answers 404 to another company's upload and keeps no file of it", async () => {
    const a = await buildAdminSession(server);
    const b = await buildAdminSession(server);
    const queueId = await createQueue(a.token);
    const answer = await upload(b.token, `/queue/${queueId}/media-upload`, 'x.png', 'intruder');
    expect(answer.status).toBe(404);
    expect(companyFiles(b.company.id, 'queues')).toEqual([]);
    expect(companyFiles(a.company.id, 'queues')).toEqual([]);
    expect((await server.call('GET', `/queue/${queueId}`, { token: a.token })).body.mediaPath).toBeNull();
  });

  it.each(['user', 'supervisor'] as const)(
    "refuses a %s's uploads and removals for queues and their options",
    async (profile) => {
      const { token, company } = await buildAdminSession(server);
      const queueId = await createQueue(token);
      const option = await server.call('POST', '/queue-options', {
        token,
        body: { title: 'Menu', option: 1, queueId },
      });
      const kept = await upload(token, `/queue-options/${option.body.id}/media-upload`, 'menu.png', 'png');
      const user = await buildUser(server, company, { profile });
      const userToken = (await login(server, user)).token;
      const attempts = [
        await upload(userToken, `/queue/${queueId}/media-upload`, 'x.png', 'x'),
        await upload(userToken, `/queue-options/${option.body.id}/media-upload`, 'x.png', 'x'),
        await server.call('DELETE', `/queue-options/${option.body.id}/media-upload`, { token: userToken }),
      ];
      expect(attempts.map((a) => [a.status, a.body.error])).toEqual(
        attempts.map(() => [403, 'ERR_NO_PERMISSION']),
      );
      expect(companyFiles(company.id, 'queues')).toHaveLength(1);
      expect(fs.existsSync(stored(kept.body.mediaPath))).toBe(true);
    },
  );

  it("gives options their files and removes a queue's files, its options' included, with the queue", async () => {
    const { token, company } = await buildAdminSession(server);
    const queueId = await createQueue(token);
    const option = await server.call('POST', '/queue-options', {
      token,
      body: { title: 'Menu', option: 1, queueId },
    });
    const child = await server.call('POST', '/queue-options', {
      token,
      body: { title: 'Sub', option: 1, queueId, parentId: option.body.id },
    });
    const optionFile = await upload(
      token,
      `/queue-options/${child.body.id}/media-upload`,
      'price list.pdf',
      'pdf',
    );
    expect(optionFile.status).toBe(200);
    expect(optionFile.body).toMatchObject({ id: child.body.id, mediaName: 'price_list.pdf' });
    const queueFile = await upload(token, `/queue/${queueId}/media-upload`, 'hello.png', 'png');
    expect(companyFiles(company.id, 'queues')).toHaveLength(2);

    const cleared = await server.call('DELETE', `/queue-options/${child.body.id}/media-upload`, { token });
    expect(cleared.body).toMatchObject({ mediaPath: null, mediaName: null });
    expect(fs.existsSync(stored(optionFile.body.mediaPath))).toBe(false);
    const again = await upload(token, `/queue-options/${child.body.id}/media-upload`, 'again.pdf', 'pdf');

    await server.call('DELETE', `/queue/${queueId}`, { token });
    expect(fs.existsSync(stored(queueFile.body.mediaPath))).toBe(false);
    expect(fs.existsSync(stored(again.body.mediaPath))).toBe(false);
    expect(companyFiles(company.id, 'queues')).toEqual([]);
  });
});

describe('queue media over the upload limit', () => {
  let small: TestServer;
  beforeAll(async () => {
    small = await startTestServer({ UPLOAD_LIMIT_MB: '0.001' });
  });
  afterAll(() => small.close());

  it('answers 413 and stores nothing', async () => {
    const { token, company } = await buildAdminSession(small);
    const created = await small.call('POST', '/queue', { token, body: { name: 'Big', color: '#101010' } });
    const form = await multipartBody({}, { name: 'big.bin', content: Buffer.alloc(5000, 1) });
    const answer = await small.call('POST', `/queue/${created.body.id}/media-upload`, {
      token,
      body: form.body,
      headers: form.headers,
    });
    expect([answer.status, answer.body.error]).toEqual([413, 'ERR_PAYLOAD_TOO_LARGE']);
    expect(fs.existsSync(path.join(small.ctx.config.storageDir, `company${company.id}`))).toBe(false);
  });
});
