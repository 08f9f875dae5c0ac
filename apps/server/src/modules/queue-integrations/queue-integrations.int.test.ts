import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildAdminSession } from '../../../test/factories';
import { FakeDialogflowServer } from '../../../test/fake-dialogflow-server';
import { describeTenantIsolation } from '../../../test/isolation-kit';

let server: TestServer;
let dialogflow: FakeDialogflowServer;
beforeAll(async () => {
  dialogflow = await new FakeDialogflowServer().start();
  server = await startTestServer({
    DIALOGFLOW_BASE_URL: dialogflow.baseUrl,
    GOOGLE_TOKEN_URL: dialogflow.tokenUrl,
  });
});
afterAll(async () => {
  await server.close();
  await dialogflow.close();
});

let sequence = 0;
const uniqueName = (label: string) => `${label} ${++sequence}`;

function create(token: string, body: Record<string, unknown>) {
  return server.call('POST', '/queueIntegration', { token, body });
}

async function storedJson(companyId: number, id: number): Promise<string> {
  const row = await server.ctx.scopes
    .tenant(companyId)
    .run((tx) =>
      tx.selectFrom('queueIntegrations').where('id', '=', id).select('jsonContent').executeTakeFirstOrThrow(),
    );
  return row.jsonContent;
}

describe('queue integrations', () => {
  it('creates each type with its fields; the project is the name for n8n, webhook and typebot', async () => {
    const { token } = await buildAdminSession(server);
    const n8n = await create(token, {
      type: 'n8n',
      name: 'Fluxo n8n',
      projectName: 'ignored',
      urlN8N: 'https://n8n.example/hook',
    });
    expect(n8n.status).toBe(200);
    expect(n8n.body).toMatchObject({
      type: 'n8n',
      name: 'Fluxo n8n',
      projectName: 'Fluxo n8n',
      urlN8N: 'https://n8n.example/hook',
    });
    const typebot = await create(token, {
      type: 'typebot',
      name: 'Typebot loja',
      urlN8N: 'http://typebot.example',
      typebotSlug: 'loja',
      typebotKeywordFinish: 'sair',
    });
    expect(typebot.body).toMatchObject({
      projectName: 'Typebot loja',
      typebotSlug: 'loja',
      typebotDelayMessage: 1000,
      typebotExpires: 1,
      typebotKeywordFinish: 'sair',
    });
    const webhook = await create(token, {
      type: 'webhook',
      name: 'Webhook',
      urlN8N: 'http://hooks.example/in',
    });
    expect(webhook.body.projectName).toBe('Webhook');
    const flow = await create(token, {
      type: 'dialogflow',
      name: 'Dialogflow',
      projectName: 'zapdesk-test',
      language: 'pt-BR',
      jsonContent: dialogflow.serviceAccountJson(),
    });
    expect(flow.status).toBe(200);
    expect(flow.body).toMatchObject({ projectName: 'zapdesk-test', language: 'pt-BR', urlN8N: '' });

    const page = await server.call('GET', '/queueIntegration?searchParam=typebot', { token });
    expect(page.body).toMatchObject({ count: 1, hasMore: false });
    expect(page.body.queueIntegrations[0].id).toBe(typebot.body.id);
    expect((await server.call('GET', '/queueIntegration', { token })).body.count).toBe(4);
  });

  it('keeps the service account encrypted and never answers its private key', async () => {
    const { company, token } = await buildAdminSession(server);
    const json = dialogflow.serviceAccountJson();
    const { body } = await create(token, {
      type: 'dialogflow',
      name: uniqueName('Flow'),
      projectName: 'p',
      language: 'en',
      jsonContent: json,
    });
    expect(body.jsonContent).not.toContain('PRIVATE KEY');
    expect(JSON.parse(body.jsonContent)).toMatchObject({
      private_key: '••••••••',
      client_email: expect.any(String),
    });
    const stored = await storedJson(company.id, body.id);
    expect(stored).toMatch(/^enc:v1:/);
    expect(stored).not.toContain('PRIVATE KEY');

    // The dialog sends the masked JSON back: the stored key stays and the test session still signs with it.
    const edited = await server.call('PUT', `/queueIntegration/${body.id}`, {
      token,
      body: { ...body, language: 'es' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.language).toBe('es');
    const tested = await server.call('POST', '/queueIntegration/testSession', {
      token,
      body: {
        id: body.id,
        projectName: 'zapdesk-test',
        language: 'es',
        jsonContent: edited.body.jsonContent,
      },
    });
    expect(tested.status, JSON.stringify(tested.body)).toBe(200);
  });

  it('refuses bad input per type with the field', async () => {
    const { token } = await buildAdminSession(server);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ type: 'n8n', name: 'A', urlN8N: 'https://x.example' }, 'name', 'Too Short!'],
      [{ type: 'n8n', name: 'x'.repeat(51), urlN8N: 'https://x.example' }, 'name', 'Too Long!'],
      [{ type: 'n8n', name: 'Sem URL' }, 'urlN8N', 'Required'],
      [{ type: 'webhook', name: 'FTP', urlN8N: 'ftp://x.example' }, 'urlN8N', 'Invalid value'],
      [{ type: 'typebot', name: 'Sem slug', urlN8N: 'https://x.example' }, 'typebotSlug', 'Required'],
      [{ type: 'dialogflow', name: 'Idioma', language: 'fr', jsonContent: '{}' }, 'language', 'Required'],
      [
        { type: 'dialogflow', name: 'JSON', language: 'en', jsonContent: '{not json' },
        'jsonContent',
        'Invalid value',
      ],
      [{ type: 'telegram', name: 'Tipo' }, 'type', 'Required'],
    ];
    for (const [body, field, message] of cases) {
      const refused = await create(token, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.fields?.[field], JSON.stringify(refused.body)).toBe(message);
    }
    const first = await create(token, { type: 'n8n', name: 'Único', urlN8N: 'https://x.example' });
    expect(first.status).toBe(200);
    const twin = await create(token, { type: 'webhook', name: 'único', urlN8N: 'https://y.example' });
    expect(twin.status).toBe(400);
    expect(twin.body.fields.name).toBe('An integration with this name already exists');
  });

  it('runs the Dialogflow test session against the provider: 200 with the reply, 400 with its error', async () => {
    const { token } = await buildAdminSession(server);
    dialogflow.reply('Olá', { texts: ['Oi! Como posso ajudar?'] });
    const ok = await server.call('POST', '/queueIntegration/testSession', {
      token,
      body: { projectName: 'zapdesk-test', language: 'pt-BR', jsonContent: dialogflow.serviceAccountJson() },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.reply).toEqual(['Oi! Como posso ajudar?']);
    expect(dialogflow.queries.at(-1)).toMatchObject({
      project: 'zapdesk-test',
      text: 'Olá',
      languageCode: 'pt-BR',
    });

    const denied = await server.call('POST', '/queueIntegration/testSession', {
      token,
      body: {
        projectName: 'unknown-project',
        language: 'pt-BR',
        jsonContent: dialogflow.serviceAccountJson(),
      },
    });
    expect(denied.status).toBe(400);
    expect(denied.body.message).toContain('Permission denied on project unknown-project');

    const otherKey = new FakeDialogflowServer().serviceAccountJson();
    const badKey = await server.call('POST', '/queueIntegration/testSession', {
      token,
      body: { projectName: 'zapdesk-test', language: 'pt-BR', jsonContent: otherKey },
    });
    expect(badKey.status).toBe(400);
    expect(badKey.body.message).toContain('Invalid JWT Signature');
  });

  it('refuses to delete an integration a queue uses, then deletes it; the plan flag gates the routes', async () => {
    const { token } = await buildAdminSession(server);
    const { body } = await create(token, {
      type: 'webhook',
      name: uniqueName('Hook'),
      urlN8N: 'http://h.example',
    });
    const queue = await server.call('POST', '/queue', {
      token,
      body: { name: uniqueName('Fila'), color: '#00ff00', integrationId: body.id },
    });
    expect(queue.status).toBe(200);
    const refused = await server.call('DELETE', `/queueIntegration/${body.id}`, { token });
    expect(refused.body.error).toBe('ERR_INTEGRATION_IN_USE');
    await server.call('PUT', `/queue/${queue.body.id}`, { token, body: { integrationId: null } });
    const deleted = await server.call('DELETE', `/queueIntegration/${body.id}`, { token });
    expect(deleted.status).toBe(200);

    const other = await buildAdminSession(server, { plan: { useIntegrations: false } });
    const gated = await server.call('GET', '/queueIntegration', { token: other.token });
    expect(gated.body.error).toBe('ERR_PLAN_FEATURE_DISABLED');
  });
});

describeTenantIsolation<{ id: number; name: string }>({
  resource: 'queue integration',
  server: () => server,
  async create(_server, owner) {
    const name = uniqueName('Isolated');
    const { status, body } = await create(owner.token, { type: 'n8n', name, urlN8N: 'https://n8n.example' });
    if (status !== 200) throw new Error(`integration not created: ${status} ${JSON.stringify(body)}`);
    return { id: body.id, name };
  },
  byId: [
    { method: 'GET', path: (i) => `/queueIntegration/${i.id}` },
    {
      method: 'PUT',
      path: (i) => `/queueIntegration/${i.id}`,
      body: { type: 'n8n', name: 'Taken over', urlN8N: 'https://evil.example' },
    },
    { method: 'DELETE', path: (i) => `/queueIntegration/${i.id}` },
  ],
  notFoundCode: 'ERR_NOT_FOUND',
  lists: [
    { path: '/queueIntegration' },
    { path: (i) => `/queueIntegration?searchParam=${encodeURIComponent(i.name)}` },
  ],
});
