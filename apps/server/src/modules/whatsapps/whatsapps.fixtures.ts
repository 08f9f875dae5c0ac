// Test helpers of the connections module: rows the connection form refers to, built for one company.
import type { TestServer } from '../../../test/harness';
import { pause } from '../../../test/socket-client';

let sequence = 0;
const unique = (prefix: string) => `${prefix} ${process.pid}-${++sequence}`;

export async function buildQueue(server: TestServer, companyId: number) {
  return server.ctx.scopes.tenant(companyId).run((tx) =>
    tx
      .insertInto('queues')
      .values({
        companyId,
        name: unique('Queue'),
        color: `#${(0x100000 + sequence * 7919).toString(16).slice(-6)}`,
      })
      .returning(['id', 'name', 'color'])
      .executeTakeFirstOrThrow(),
  );
}

export async function buildPrompt(server: TestServer, companyId: number) {
  return server.ctx.scopes.tenant(companyId).run((tx) =>
    tx
      .insertInto('prompts')
      .values({
        companyId,
        name: unique('Prompt'),
        prompt: 'You are a helpful attendant.'.repeat(3),
        apiKey: 'sk-test',
      })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow(),
  );
}

export async function buildIntegration(server: TestServer, companyId: number) {
  return server.ctx.scopes.tenant(companyId).run((tx) =>
    tx
      .insertInto('queueIntegrations')
      .values({ companyId, name: unique('Hook'), type: 'webhook', urlN8n: 'https://example.com/hook' })
      .returning(['id', 'name', 'type'])
      .executeTakeFirstOrThrow(),
  );
}

/** Creates a connection through the API; fails the test on anything but 200. */
export async function createConnection(
  server: TestServer,
  token: string,
  body: Record<string, unknown> = {},
): Promise<{ id: number; name: string; isDefault: boolean; token?: string }> {
  const answer = await server.call('POST', '/whatsapp', { token, body: { name: unique('Line'), ...body } });
  if (answer.status !== 200)
    throw new Error(`connection not created: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** Reads the connection until `check` holds (sessions change it in the background), up to `timeoutMs`. */
export async function connectionWhen(
  server: TestServer,
  token: string,
  id: number,
  check: (connection: { status: string; qrcode: string; retries: number; number: string }) => boolean,
  timeoutMs = 5000,
) {
  const started = Date.now();
  for (;;) {
    const { status, body } = await server.call('GET', `/whatsapp/${id}`, { token });
    if (status === 200 && check(body)) return body;
    if (Date.now() - started > timeoutMs) {
      throw new Error(`connection ${id} never matched; last: ${status} ${JSON.stringify(body)}`);
    }
    await pause(25);
  }
}
