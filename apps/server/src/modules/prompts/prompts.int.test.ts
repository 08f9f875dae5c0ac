import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENCRYPTION_SECRET_FILE } from '../../platform/crypto/secret-box';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildAdminSession, buildUser, login } from '../../../test/factories';
import { describeTenantIsolation } from '../../../test/isolation-kit';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const PROMPT_TEXT = 'Você é o assistente da loja. Responda com educação e em poucas palavras ao cliente.';
const API_KEY = 'sk-test-0123456789abcdefWXYZ';
let sequence = 0;

async function createQueue(token: string): Promise<{ id: number; name: string }> {
  const name = `Vendas ${++sequence}`;
  const { status, body } = await server.call('POST', '/queue', { token, body: { name, color: '#123456' } });
  if (status !== 200) throw new Error(`queue not created: ${status} ${JSON.stringify(body)}`);
  return { id: body.id, name };
}

function createPrompt(token: string, body: Record<string, unknown> = {}) {
  return server.call('POST', '/prompt', {
    token,
    body: { name: `Assistente ${++sequence}`, prompt: PROMPT_TEXT, apiKey: API_KEY, ...body },
  });
}

async function storedApiKey(companyId: number, id: number): Promise<string> {
  const row = await server.ctx.scopes
    .tenant(companyId)
    .run((tx) => tx.selectFrom('prompts').where('id', '=', id).select('apiKey').executeTakeFirstOrThrow());
  return row.apiKey;
}

describe('prompts', () => {
  it('creates a prompt with the spec defaults and answers it with its queue and a masked key', async () => {
    const { token } = await buildAdminSession(server);
    const queue = await createQueue(token);
    const created = await createPrompt(token, { name: 'Atendente IA', queueId: queue.id });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      name: 'Atendente IA',
      prompt: PROMPT_TEXT,
      model: 'gpt-3.5-turbo-1106',
      maxTokens: 100,
      temperature: 1,
      maxMessages: 10,
      queueId: queue.id,
      queue: { id: queue.id, name: queue.name },
      apiKey: '••••••••WXYZ',
    });
    const listed = await server.call('GET', '/prompt', { token });
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ count: 1, hasMore: false });
    expect(listed.body.prompts[0]).toEqual(created.body);
    expect(JSON.stringify(listed.body)).not.toContain(API_KEY);
  });

  it('keeps the API key encrypted at rest under a secret generated in DATA_DIR', async () => {
    const { company, token } = await buildAdminSession(server);
    const { body } = await createPrompt(token);
    const stored = await storedApiKey(company.id, body.id);
    expect(stored).toMatch(/^enc:v1:/);
    expect(stored).not.toContain(API_KEY);
    const secretFile = path.join(server.ctx.config.dataDir, ENCRYPTION_SECRET_FILE);
    expect(fs.statSync(secretFile).mode & 0o077).toBe(0);
  });

  it('keeps the stored key when an edit sends the masked one back, and replaces it with a new one', async () => {
    const { company, token } = await buildAdminSession(server);
    const { body } = await createPrompt(token);
    const before = await storedApiKey(company.id, body.id);
    const kept = await server.call('PUT', `/prompt/${body.id}`, {
      token,
      body: { ...body, apiKey: body.apiKey, temperature: 0.3, model: 'gpt-4o-mini', queueId: 0 },
    });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ temperature: 0.3, model: 'gpt-4o-mini', queueId: 0, queue: null });
    expect(await storedApiKey(company.id, body.id)).toBe(before);
    const replaced = await server.call('PUT', `/prompt/${body.id}`, {
      token,
      body: { apiKey: 'sk-new-key-1234' },
    });
    expect(replaced.body.apiKey).toBe('••••••••1234');
  });

  it('refuses bad input with the field and the spec texts', async () => {
    const { token } = await buildAdminSession(server);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: 'Abc' }, 'name', 'Too Short!'],
      [{ name: 'x'.repeat(101) }, 'name', 'Too Long!'],
      [{ prompt: 'curto demais' }, 'prompt', 'Too Short!'],
      [{ apiKey: '' }, 'apiKey', 'Required'],
      [{ temperature: 1.5 }, 'temperature', 'Invalid value'],
      [{ temperature: 0.25 }, 'temperature', 'Invalid value'],
      [{ maxTokens: 0 }, 'maxTokens', 'Invalid value'],
      [{ maxMessages: -1 }, 'maxMessages', 'Invalid value'],
      [{ model: 'gpt-5' }, 'model', 'Invalid value'],
      [{ queueId: 999999 }, 'queueId', 'Invalid value'],
    ];
    for (const [body, field, message] of cases) {
      const refused = await createPrompt(token, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.fields?.[field], JSON.stringify(refused.body)).toBe(message);
    }
    expect((await server.call('GET', '/prompt', { token })).body.count).toBe(0);
  });

  it('lets any user read prompts but only admins write them', async () => {
    const { company, token } = await buildAdminSession(server);
    const user = await login(server, await buildUser(server, company, { profile: 'user' }));
    const { body } = await createPrompt(token);
    expect((await server.call('GET', `/prompt/${body.id}`, { token: user.token })).status).toBe(200);
    expect((await createPrompt(user.token)).status).toBe(403);
    expect((await server.call('DELETE', `/prompt/${body.id}`, { token: user.token })).status).toBe(403);
  });

  it('refuses every prompt route without the plan flag useOpenAi', async () => {
    const { token } = await buildAdminSession(server, { plan: { useOpenAi: false } });
    const listed = await server.call('GET', '/prompt', { token });
    expect(listed.status).toBe(403);
    expect(listed.body.error).toBe('ERR_PLAN_FEATURE_DISABLED');
    expect((await createPrompt(token)).body.error).toBe('ERR_PLAN_FEATURE_DISABLED');
  });

  it('refuses to delete a prompt a queue or a connection uses, and deletes it once free', async () => {
    const { company, token } = await buildAdminSession(server);
    const { body } = await createPrompt(token);
    const queue = await createQueue(token);
    await server.call('PUT', `/queue/${queue.id}`, { token, body: { promptId: body.id } });
    const refused = await server.call('DELETE', `/prompt/${body.id}`, { token });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('ERR_PROMPT_IN_USE');
    await server.call('PUT', `/queue/${queue.id}`, { token, body: { promptId: null } });
    await server.ctx.scopes.tenant(company.id).run((tx) =>
      tx
        .insertInto('whatsapps')
        .values({ companyId: company.id, name: `Conn ${++sequence}`, promptId: body.id })
        .execute(),
    );
    expect((await server.call('DELETE', `/prompt/${body.id}`, { token })).body.error).toBe(
      'ERR_PROMPT_IN_USE',
    );
    await server.ctx.scopes
      .tenant(company.id)
      .run((tx) =>
        tx.updateTable('whatsapps').set({ promptId: null }).where('promptId', '=', body.id).execute(),
      );
    const deleted = await server.call('DELETE', `/prompt/${body.id}`, { token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Prompt deleted' });
    expect((await server.call('GET', `/prompt/${body.id}`, { token })).status).toBe(404);
  });
});

describeTenantIsolation<{ id: number }>({
  resource: 'prompt',
  server: () => server,
  async create(_server, owner) {
    const { status, body } = await createPrompt(owner.token);
    if (status !== 200) throw new Error(`prompt not created: ${status} ${JSON.stringify(body)}`);
    return { id: body.id };
  },
  byId: [
    { method: 'GET', path: (p) => `/prompt/${p.id}` },
    { method: 'PUT', path: (p) => `/prompt/${p.id}`, body: { name: 'Taken over' } },
    { method: 'DELETE', path: (p) => `/prompt/${p.id}` },
  ],
  notFoundCode: 'ERR_NOT_FOUND',
  lists: [{ path: '/prompt' }],
});
