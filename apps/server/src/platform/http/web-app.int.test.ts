import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildAdminSession } from '../../../test/factories';

let server: TestServer;
beforeAll(async () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'zapdesk-web-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  server = await startTestServer({ WEB_DIST_DIR: dist });
});
afterAll(() => server.close());

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('serving the web app', () => {
  it('answers a browser navigation to a client route that shares an API path with the app', async () => {
    for (const url of ['/users', '/settings', '/tickets/3f1c', '/login', '/']) {
      const answer = await server.call('GET', url, { headers: html });
      expect(answer.status, url).toBe(200);
      expect(answer.response.headers['content-type']).toContain('text/html');
      expect(answer.body).toContain('<div id="root">');
    }
  });

  it('still answers API calls with JSON on the same paths', async () => {
    const { token } = await buildAdminSession(server);
    const answer = await server.call('GET', '/settings', { token, headers: { accept: '*/*' } });
    expect(answer.status).toBe(200);
    expect(Array.isArray(answer.body)).toBe(true);
  });

  it('does not hand the app out for uploaded files or the API docs', async () => {
    const docs = await server.call('GET', '/docs/json', { headers: html });
    expect(docs.response.headers['content-type']).toContain('application/json');
  });
});
