import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { botWorld, PROMPT_TEXT } from '../../../test/bot-world';
import { FakeOpenAiServer } from '../../../test/fake-openai-server';
import { eventually } from '../../../test/messaging-fixtures';
import { TRANSFER_PHRASE } from './runners/openai-runner';

let server: TestServer;
let openai: FakeOpenAiServer;
beforeAll(async () => {
  openai = await new FakeOpenAiServer().start();
  server = await startTestServer({ SIMULATOR_ACK_MS: '40,80', OPENAI_BASE_URL: openai.baseUrl });
  await server.listen();
});
afterAll(async () => {
  await server.close();
  await openai.close();
});

let sequence = 0;

async function createPrompt(token: string, body: Record<string, unknown> = {}): Promise<number> {
  const answer = await server.call('POST', '/prompt', {
    token,
    body: { name: `Assistente ${++sequence}`, prompt: PROMPT_TEXT, apiKey: `sk-test-${sequence}`, ...body },
  });
  if (answer.status !== 200) throw new Error(`prompt not created: ${JSON.stringify(answer.body)}`);
  return answer.body.id;
}

/** A connection whose prompt answers tickets without queue. */
const promptWorld = (prompt: Record<string, unknown> = {}) =>
  botWorld(server, async (token) => ({ promptId: await createPrompt(token, prompt) }));

/** The chat requests of one API key (each world's prompt has its own key). */
const chatsOf = (apiKey: string) => openai.chats.filter((c) => c.apiKey === apiKey).map((c) => c.body);

describe('OpenAI prompts answering customers', () => {
  it('answers the customer on the phone with the model, the key, the system message and the message', async () => {
    openai.answer = (request) => `Olá Renata! Você disse: ${request.messages.at(-1)?.content}`;
    const world = await promptWorld({ model: 'gpt-4o-mini', maxTokens: 250, temperature: 0.4 });
    await world.say('Qual o horário da loja?');
    expect(await world.receivedAtLeast(1)).toEqual(['Olá Renata! Você disse: Qual o horário da loja?']);
    const [request] = chatsOf(`sk-test-${sequence}`);
    expect(request).toMatchObject({ model: 'gpt-4o-mini', max_tokens: 250, temperature: 0.4 });
    expect(request?.messages[0]?.role).toBe('system');
    expect(request?.messages[0]?.content).toContain('Renata');
    expect(request?.messages[0]?.content).toContain(TRANSFER_PHRASE);
    expect(request?.messages[0]?.content).toContain(PROMPT_TEXT);
    expect(request?.messages.slice(1)).toEqual([{ role: 'user', content: 'Qual o horário da loja?' }]);

    const ticket = await world.ticket();
    expect(ticket).toMatchObject({ useIntegration: true, status: 'pending', userId: null });
    const stored = await world.scope.run((tx) =>
      tx
        .selectFrom('messages')
        .where('ticketId', '=', ticket.id)
        .where('fromMe', '=', true)
        .select(['body', 'isAutomatic', 'origin'])
        .execute(),
    );
    expect(stored).toEqual([
      { body: 'Olá Renata! Você disse: Qual o horário da loja?', isAutomatic: true, origin: 'bot' },
    ]);
  });

  it('sends exactly the last maxMessages text messages of the cycle, in order, then the current one', async () => {
    openai.answer = (request) => `resposta ${request.messages.length}`;
    const world = await promptWorld({ maxMessages: 3 });
    const key = `sk-test-${sequence}`;
    for (const [index, text] of ['um', 'dois', 'três'].entries()) {
      await world.say(text);
      await world.receivedAtLeast(index + 1);
    }
    const third = chatsOf(key)[2];
    // History: "dois" (user), its answer (assistant), and the answer before it… the last three before "três".
    expect(third?.messages.slice(1)).toEqual([
      { role: 'assistant', content: 'resposta 2' },
      { role: 'user', content: 'dois' },
      { role: 'assistant', content: 'resposta 4' },
      { role: 'user', content: 'três' },
    ]);
  });

  it('hands the ticket to the prompt queue on the transfer phrase, after the rest of the text, and stops', async () => {
    const world = await botWorld(server, async (token) => {
      const queue = await server.call('POST', '/queue', {
        token,
        body: { name: `Humanos ${++sequence}`, color: '#334455' },
      });
      return { promptId: await createPrompt(token, { queueId: queue.body.id }), _queue: queue.body.id };
    });
    const queueId = (
      await world.scope.run((tx) =>
        tx.selectFrom('queues').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow(),
      )
    ).id;
    openai.answer = () => `${TRANSFER_PHRASE}. Vou chamar uma pessoa do time, só um instante.`;
    await world.say('Quero falar com um humano');
    expect(await world.receivedAtLeast(1)).toEqual(['Vou chamar uma pessoa do time, só um instante.']);
    await world.settled();
    expect(await world.ticket()).toMatchObject({
      queueId,
      useIntegration: false,
      promptId: null,
      status: 'pending',
    });

    const asked = openai.chats.length;
    await world.say('Alô?');
    await world.settled();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(openai.chats.length).toBe(asked);
    expect(await world.received()).toHaveLength(1);
  });

  it('leaves the ticket to a human with the reason recorded when the provider fails', async () => {
    openai.answer = () => ({
      status: 401,
      body: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } },
    });
    const world = await promptWorld();
    await world.say('Oi');
    await world.settled();
    const ticket = await world.ticket();
    expect(ticket).toMatchObject({ useIntegration: false, promptId: null, status: 'pending', userId: null });
    const turn = await world.scope.run((tx) =>
      tx
        .selectFrom('botTurns')
        .where('ticketId', '=', ticket.id)
        .select(['status', 'error'])
        .executeTakeFirstOrThrow(),
    );
    expect(turn.status).toBe('failed');
    expect(turn.error).toContain('Incorrect API key provided');
    expect(await world.received()).toEqual([]);

    // The bot stays off for the rest of the cycle even though the connection has a prompt.
    openai.answer = () => 'não deveria responder';
    await world.say('Tem alguém aí?');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await world.received()).toEqual([]);
  });

  it('answers two quick messages one at a time, in order, never interleaved', async () => {
    let inFlight = 0;
    let overlapped = false;
    openai.answer = (request) => {
      inFlight++;
      if (inFlight > 1) overlapped = true;
      setTimeout(() => inFlight--, 250);
      return { body: `resposta para ${request.messages.at(-1)?.content}`, delayMs: 250 };
    };
    const world = await promptWorld();
    const key = `sk-test-${sequence}`;
    // The second message arrives while the model still thinks about the first.
    await world.say('primeira');
    await world.say('segunda');
    const bodies = await world.receivedAtLeast(2);
    expect(bodies).toEqual(['resposta para primeira', 'resposta para segunda']);
    expect(overlapped).toBe(false);
    // The second call saw the first exchange in its history.
    expect(chatsOf(key)[1]?.messages.slice(1)).toEqual([
      { role: 'user', content: 'primeira' },
      { role: 'assistant', content: 'resposta para primeira' },
      { role: 'user', content: 'segunda' },
    ]);
  });

  it('transcribes customer audio with whisper, keeps the transcription and answers it', async () => {
    openai.transcript = 'Quero saber o preço do frete';
    openai.answer = (request) => `Sobre "${request.messages.at(-1)?.content}": o frete é grátis.`;
    const world = await promptWorld();
    const key = `sk-test-${sequence}`;
    const played = await server.call('POST', `/simulator/connections/${world.connection.id}/inbound`, {
      token: world.token,
      body: { from: world.phone, name: 'Renata Alves', type: 'audio' },
    });
    expect(played.status).toBe(200);
    expect(await world.receivedAtLeast(1, 15_000)).toEqual([
      'Sobre "Quero saber o preço do frete": o frete é grátis.',
    ]);
    expect(openai.transcriptions.filter((t) => t.apiKey === key)).toHaveLength(1);
    expect(openai.transcriptions.at(-1)?.bytes).toBeGreaterThan(0);
    const ticket = await world.ticket();
    const audio = await world.scope.run((tx) =>
      tx
        .selectFrom('messages')
        .where('ticketId', '=', ticket.id)
        .where('mediaType', '=', 'audio')
        .select('transcription')
        .executeTakeFirstOrThrow(),
    );
    expect(audio.transcription).toBe('Quero saber o preço do frete');
  });

  it('lets an agent take over: accepting turns the bot off and later messages get no bot answer', async () => {
    openai.answer = () => 'Sou o robô';
    const world = await promptWorld();
    await world.say('Oi');
    await world.receivedAtLeast(1);
    const ticket = await world.ticket();
    const accepted = await server.call('PUT', `/tickets/${ticket.id}`, {
      token: world.token,
      body: { status: 'open', userId: world.admin.id },
    });
    expect(accepted.status).toBe(200);
    expect(await world.ticket()).toMatchObject({ useIntegration: false, userId: world.admin.id });
    const asked = openai.chats.length;
    await world.say('Obrigada');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(openai.chats.length).toBe(asked);
    expect(await world.received()).toEqual(['Sou o robô']);
    await eventually(async () => (await world.ticket()).unreadMessages > 0);
  });
});
