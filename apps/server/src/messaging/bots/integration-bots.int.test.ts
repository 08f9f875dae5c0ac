import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { botWorld } from '../../../test/bot-world';
import { FakeDialogflowServer } from '../../../test/fake-dialogflow-server';
import { FakeHttpServer } from '../../../test/fake-http';
import { FakeTypebotServer, typebotText } from '../../../test/fake-typebot-server';
import { connectSocket } from '../../../test/socket-client';

let server: TestServer;
let base: string;
let typebot: FakeTypebotServer;
let dialogflow: FakeDialogflowServer;
let hookStatuses: number[] = [];
const hook = new FakeHttpServer(() => ({ status: hookStatuses.shift() ?? 200, body: { ok: true } }));
beforeAll(async () => {
  typebot = await new FakeTypebotServer().listen();
  dialogflow = await new FakeDialogflowServer().start();
  await hook.start();
  server = await startTestServer({
    SIMULATOR_ACK_MS: '40,80',
    DIALOGFLOW_BASE_URL: dialogflow.baseUrl,
    GOOGLE_TOKEN_URL: dialogflow.tokenUrl,
  });
  server.messaging.bots.options.webhook.backoffMs = 20;
  server.messaging.bots.options.webhook.timeoutMs = 500;
  base = await server.listen();
});
afterAll(async () => {
  await server.close();
  await Promise.all([typebot.close(), dialogflow.close(), hook.close()]);
});

let sequence = 0;

async function createIntegration(token: string, body: Record<string, unknown>): Promise<number> {
  const answer = await server.call('POST', '/queueIntegration', {
    token,
    body: { name: `Bot ${++sequence}`, ...body },
  });
  if (answer.status !== 200) throw new Error(`integration not created: ${JSON.stringify(answer.body)}`);
  return answer.body.id;
}

/** A connection with one queue whose integration takes every new ticket. */
function queueIntegrationWorld(integration: Record<string, unknown>) {
  return botWorld(server, async (token) => {
    const integrationId = await createIntegration(token, integration);
    const queue = await server.call('POST', '/queue', {
      token,
      body: { name: `Atendimento ${++sequence}`, color: '#224466', integrationId },
    });
    const other = await server.call('POST', '/queue', {
      token,
      body: { name: `Financeiro ${++sequence}`, color: '#664422' },
    });
    return { queueIds: [queue.body.id], _other: other.body.id };
  });
}

const typebotSettings = {
  type: 'typebot',
  typebotSlug: 'loja',
  typebotDelayMessage: 30,
  typebotExpires: 0,
  typebotKeywordFinish: 'encerrar',
  typebotKeywordRestart: 'reiniciar',
  typebotUnknownMessage: 'Não entendi, escolha uma opção.',
  typebotRestartMessage: 'Conversa reiniciada.',
};

describe('Typebot', () => {
  it('starts a chat with the number and name, renders texts and choices, continues the session', async () => {
    typebot.start = {
      messages: [
        typebotText('Olá ', { text: 'Renata', bold: true }, ', tudo ', { text: 'bem', italic: true }, '?'),
      ],
      input: { type: 'choice input', items: [{ content: 'Pedidos' }, { content: 'Trocas' }] },
    };
    typebot.reply = (message) =>
      message === 'Pedidos'
        ? { messages: [typebotText('Informe o número do pedido.')] }
        : { messages: [typebotText('Invalid message. Please, try again.')] };
    const world = await queueIntegrationWorld({ ...typebotSettings, urlN8N: typebot.url });
    await world.say('Oi');
    expect(await world.receivedAtLeast(2)).toEqual(['Olá *Renata*, tudo _bem_?', '▶️ Pedidos\n▶️ Trocas']);
    const started = typebot.starts.at(-1);
    expect(started).toMatchObject({
      slug: 'loja',
      prefilledVariables: { number: world.phone, pushName: 'Renata Alves' },
    });
    const ticket = await world.ticket();
    expect(ticket.useIntegration).toBe(true);
    expect(ticket.typebotSessionId).toMatch(/^session-/);

    await world.say('Pedidos');
    expect((await world.receivedAtLeast(3))[2]).toBe('Informe o número do pedido.');
    expect(typebot.continues.at(-1)).toEqual({ sessionId: ticket.typebotSessionId, message: 'Pedidos' });
    await world.say('xyz');
    expect((await world.receivedAtLeast(4))[3]).toBe('Não entendi, escolha uma opção.');
  });

  it('shows "typing…" on the simulated phone before each message while Typebot waits', async () => {
    typebot.start = { messages: [typebotText('Primeira.'), typebotText('Segunda.')] };
    const world = await queueIntegrationWorld({
      ...typebotSettings,
      typebotDelayMessage: 200,
      urlN8N: typebot.url,
    });
    const socket = await connectSocket(base, world.token);
    try {
      await world.say('Oi');
      expect(await world.receivedAtLeast(2)).toEqual(['Primeira.', 'Segunda.']);
      const event = `company-${world.company.id}-simulatorPresence`;
      const composing = {
        whatsappId: world.connection.id,
        to: world.phone,
        state: 'composing',
        at: expect.any(String),
      };
      await vi.waitFor(() => expect(socket.received(event)).toEqual([composing, composing]), 5000);
      // Each "typing…" went to the phone before the message it announced (the send lane runs in order).
      const ticket = await world.ticket();
      const tasks = await world.scope.run((tx) =>
        tx
          .selectFrom('outbox')
          .where('whatsappId', '=', world.connection.id)
          .select(['kind', 'status', 'messageId'])
          .orderBy('id')
          .execute(),
      );
      expect(tasks.map((t) => [t.kind, t.status])).toEqual([
        ['presence', 'sent'],
        ['send', 'sent'],
        ['presence', 'sent'],
        ['send', 'sent'],
      ]);
      await world.settled();
      const turn = await world.scope.run((tx) =>
        tx
          .selectFrom('botTurns')
          .where('ticketId', '=', ticket.id)
          .select(['status', 'applied', 'actions'])
          .executeTakeFirstOrThrow(),
      );
      expect(turn).toMatchObject({ status: 'done', applied: 5 });
    } finally {
      socket.close();
    }
  });

  it('obeys # commands: a transfer to a company queue turns the bot off and is not sent', async () => {
    const world = await queueIntegrationWorld({ ...typebotSettings, urlN8N: typebot.url });
    const target = (
      await world.scope.run((tx) =>
        tx.selectFrom('queues').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow(),
      )
    ).id;
    typebot.start = { messages: [typebotText('Um momento.'), typebotText(`#{"queueId":${target}}`)] };
    await world.say('Oi');
    expect(await world.receivedAtLeast(1)).toEqual(['Um momento.']);
    await world.settled();
    expect(await world.ticket()).toMatchObject({
      queueId: target,
      useIntegration: false,
      typebotSessionId: null,
    });
    expect(await world.received()).toEqual(['Um momento.']);
  });

  it('restarts on the restart keyword, closes on the finish keyword, starts again after the expiry', async () => {
    typebot.start = { messages: [typebotText('Bem-vinda!')] };
    typebot.reply = () => ({ messages: [typebotText('Certo.')] });
    const world = await queueIntegrationWorld({ ...typebotSettings, urlN8N: typebot.url, typebotExpires: 1 });
    await world.say('Oi');
    await world.receivedAtLeast(1);
    const starts = typebot.starts.length;
    await world.say('reiniciar');
    expect((await world.receivedAtLeast(2))[1]).toBe('Conversa reiniciada.');
    expect((await world.ticket()).typebotSessionId).toBeNull();
    await world.say('Olá de novo');
    expect((await world.receivedAtLeast(3))[2]).toBe('Bem-vinda!');
    expect(typebot.starts.length).toBe(starts + 1);

    // Two minutes of silence: the session expired, the next message opens a new one.
    const ticket = await world.ticket();
    await world.scope.run((tx) =>
      tx
        .updateTable('messages')
        .set({ createdAt: new Date(Date.now() - 120_000) })
        .where('ticketId', '=', ticket.id)
        .execute(),
    );
    await world.say('Voltei');
    expect((await world.receivedAtLeast(4))[3]).toBe('Bem-vinda!');
    expect(typebot.starts.length).toBe(starts + 2);

    await world.say('encerrar');
    await world.settled();
    expect(await world.ticket()).toMatchObject({ status: 'closed', useIntegration: false });
  });
});

describe('n8n and webhook', () => {
  it('POSTs each message once with the documented payload, retrying a 5xx', async () => {
    const world = await botWorld(server, async (token) => ({
      integrationId: await createIntegration(token, {
        type: 'webhook',
        urlN8N: `${hook.url}/in/${sequence + 1}`,
      }),
    }));
    const path = `/in/${sequence}`;
    hookStatuses = [503];
    await world.say('Primeira mensagem');
    await world.settled();
    await world.say('Segunda mensagem');
    await world.settled();
    const posts = hook.requests.filter((r) => r.path === path).map((r) => r.body as Record<string, any>);
    expect(posts.map((p) => p.message)).toEqual([
      { conversation: 'Primeira mensagem' },
      { conversation: 'Primeira mensagem' },
      { conversation: 'Segunda mensagem' },
    ]);
    const ticket = await world.ticket();
    expect(posts[2]).toMatchObject({
      key: { remoteJid: `${world.phone}@s.whatsapp.net`, fromMe: false, participant: null },
      pushName: 'Renata Alves',
      companyId: world.company.id,
      whatsappId: world.connection.id,
      ticketId: ticket.id,
      contactId: ticket.contactId,
    });
    expect(typeof posts[2]?.key.id).toBe('string');
    expect(typeof posts[2]?.messageTimestamp).toBe('number');
    expect(ticket.useIntegration).toBe(true);
  });

  it('gives the ticket to people after three failed attempts', async () => {
    const world = await botWorld(server, async (token) => ({
      integrationId: await createIntegration(token, {
        type: 'n8n',
        urlN8N: `${hook.url}/down/${sequence + 1}`,
      }),
    }));
    hookStatuses = [500, 502, 503];
    await world.say('Alguém?');
    await world.settled();
    expect(hook.requests.filter((r) => r.path === `/down/${sequence}`)).toHaveLength(3);
    const ticket = await world.ticket();
    expect(ticket).toMatchObject({ useIntegration: false, integrationId: null });
    const turn = await world.scope.run((tx) =>
      tx
        .selectFrom('botTurns')
        .where('ticketId', '=', ticket.id)
        .select(['status', 'error'])
        .executeTakeFirstOrThrow(),
    );
    expect(turn).toMatchObject({ status: 'failed' });
    expect(turn.error).toContain('failed after 3 attempts');
  });
});

describe('Dialogflow', () => {
  it('sends the fulfilment messages in order and turns the bot off at the end of the interaction', async () => {
    dialogflow.reply('Oi', { texts: ['Olá! Eu sou o assistente.', 'Como posso ajudar?'] });
    dialogflow.reply('Tchau', { texts: ['Até logo!'], endInteraction: true });
    const world = await botWorld(server, async (token) => ({
      integrationId: await createIntegration(token, {
        type: 'dialogflow',
        projectName: 'zapdesk-test',
        language: 'pt-BR',
        jsonContent: dialogflow.serviceAccountJson(),
      }),
    }));
    await world.say('Oi');
    expect(await world.receivedAtLeast(2)).toEqual(['Olá! Eu sou o assistente.', 'Como posso ajudar?']);
    const ticket = await world.ticket();
    expect(dialogflow.queries.at(-1)).toMatchObject({
      project: 'zapdesk-test',
      session: `${world.company.id}-${ticket.id}`,
      text: 'Oi',
      languageCode: 'pt-BR',
    });
    await world.say('Tchau');
    expect((await world.receivedAtLeast(3))[2]).toBe('Até logo!');
    await world.settled();
    expect(await world.ticket()).toMatchObject({
      useIntegration: false,
      integrationId: null,
      status: 'pending',
    });
  });
});
