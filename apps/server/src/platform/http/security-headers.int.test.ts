import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

// What helmet sets for the server's options: pictures and media may be embedded by the web app's origin
// (cross-origin resource policy), and no content security policy (the web app sets none).
const expected = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'cross-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('security headers', () => {
  it('come on answers, errors and unknown paths alike', async () => {
    for (const [url, status] of [
      ['/version', 200],
      ['/tickets', 401],
      ['/no-such-path', 404],
    ] as const) {
      const { response } = await server.call('GET', url);
      expect(response.statusCode, url).toBe(status);
      expect(response.headers, url).toMatchObject(expected);
      expect(response.headers['content-security-policy'], url).toBeUndefined();
      expect(response.headers['x-powered-by'], url).toBeUndefined();
    }
  });
});
