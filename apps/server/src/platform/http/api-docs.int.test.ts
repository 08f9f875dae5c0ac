import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@zapdesk/contracts';
import { startTestServer, type TestServer } from '../../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

interface OpenApiDocument {
  paths: Record<
    string,
    Record<string, { summary?: string; requestBody?: { content: Record<string, unknown> } }>
  >;
}

const openApiPath = (path: string) => path.replace(/:(\w+)\??/g, '{$1}');

describe('/docs', () => {
  it('describes every route of the contracts, with its summary', async () => {
    const answer = await server.call('GET', '/docs/json');
    expect(answer.status).toBe(200);
    const document = answer.body as OpenApiDocument;
    const missing = Object.values(routes)
      .flatMap((group) => Object.values(group))
      .filter(
        (route) =>
          document.paths[openApiPath(route.path)]?.[route.method.toLowerCase()]?.summary !== route.summary,
      )
      .map((route) => `${route.method} ${route.path}`);
    expect(missing).toEqual([]);
  });

  it('documents the external API body as JSON and as multipart', async () => {
    const document = (await server.call('GET', '/docs/json')).body as OpenApiDocument;
    const send = document.paths['/api/messages/send']?.post;
    expect(Object.keys(send?.requestBody?.content ?? {}).sort()).toEqual([
      'application/json',
      'multipart/form-data',
    ]);
    expect(JSON.stringify(send?.requestBody)).toContain('"number"');
    const page = await server.app.inject({ method: 'GET', url: '/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger');
  });
});
