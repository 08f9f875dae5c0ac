// Plan flags re-checked when a bot would answer (issue 20): a company whose plan lost useOpenAi or
// useIntegrations after setting a bot up gets no bot answer, and the ticket waits for a human.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { botWorld, PROMPT_TEXT } from '../../../test/bot-world';
import { FakeHttpServer } from '../../../test/fake-http';
import { FakeOpenAiServer } from '../../../test/fake-openai-server';

let server: TestServer;
let openai: FakeOpenAiServer;
/** Webhook calls wait for this to resolve (a provider still thinking about the first message). */
let hookGate: Promise<void> = Promise.resolve();
const hook = new FakeHttpServer(async () => {
  await hookGate;
  return { body: { ok: true } };
});
beforeAll(async () => {
  openai = await new FakeOpenAiServer().start();
  await hook.start();
  server = await startTestServer({ SIMULATOR_ACK_MS: '40,80', OPENAI_BASE_URL: openai.baseUrl });
  await server.listen();
});
afterAll(async () => {
  await server.close();
  await Promise.all([openai.close(), hook.close()]);
});

let sequence = 0;

async function create(token: string, path: string, body: Record<string, unknown>): Promise<number> {
  const answer = await server.call('POST', path, { token, body });
  if (answer.status !== 200) throw new Error(`${path} refused: ${JSON.stringify(answer.body)}`);
  return answer.body.id;
}

const promptWorld = () =>
  botWorld(server, async (token) => ({
    promptId: await create(token, '/prompt', {
      name: `Assistente ${++sequence}`,
      prompt: PROMPT_TEXT,
      apiKey: `sk-plan-${sequence}`,
    }),
  }));

async function setPlan(planId: number, flags: { useOpenAi?: boolean; useIntegrations?: boolean }) {
  await server.ctx.scopes.asSystem((tx) =>
    tx.db.updateTable('plans').set(flags).where('id', '=', planId).execute(),
  );
}

type World = Awaited<ReturnType<typeof promptWorld>>;

/** The ticket as a human finds it: no bot, waiting, nobody on it. */
async function expectWaitingForHuman(world: World) {
  expect(await world.ticket()).toMatchObject({
    useIntegration: false,
    promptId: null,
    integrationId: null,
    status: 'pending',
    userId: null,
  });
}

const turnsOf = (world: World, ticketId: number) =>
  world.scope.run((tx) =>
    tx
      .selectFrom('botTurns')
      .where('ticketId', '=', ticketId)
      .select(['status', 'error'])
      .orderBy('id')
      .execute(),
  );

describe('plan flags of a bot that answers customers', () => {
  it('a new ticket on a connection whose prompt the plan no longer allows is left to people', async () => {
    openai.answer = () => 'não deveria responder';
    const world = await promptWorld();
    const asked = openai.chats.length;
    await setPlan(world.company.planId, { useOpenAi: false });
    await world.say('Oi, bom dia');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(openai.chats.length).toBe(asked);
    expect(await world.received()).toEqual([]);
    await expectWaitingForHuman(world);
    expect(await turnsOf(world, (await world.ticket()).id)).toEqual([]);
  });

  it('a ticket the prompt held stops getting answers once the plan loses useOpenAi', async () => {
    openai.answer = () => 'Sou a assistente.';
    const world = await promptWorld();
    await world.say('Oi');
    expect(await world.receivedAtLeast(1)).toEqual(['Sou a assistente.']);
    await world.settled();
    expect((await world.ticket()).useIntegration).toBe(true);

    await setPlan(world.company.planId, { useOpenAi: false });
    const asked = openai.chats.length;
    await world.say('Ainda está aí?');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(openai.chats.length).toBe(asked);
    expect(await world.received()).toEqual(['Sou a assistente.']);
    await expectWaitingForHuman(world);
    expect(await turnsOf(world, (await world.ticket()).id)).toEqual([{ status: 'done', error: null }]);
  });

  it('a turn queued before the plan lost useIntegrations is dropped: the webhook hears nothing more', async () => {
    let release: () => void = () => undefined;
    hookGate = new Promise((resolve) => (release = resolve));
    const path = `/plan/${++sequence}`;
    const world = await botWorld(server, async (token) => ({
      integrationId: await create(token, '/queueIntegration', {
        name: `Webhook ${sequence}`,
        type: 'webhook',
        urlN8N: `${hook.url}${path}`,
      }),
    }));
    const heard = () => hook.requests.filter((request) => request.path === path).length;
    // The first message's webhook call hangs; the second message is queued behind it with the flag still on.
    await world.say('Primeira');
    await expect.poll(heard, { timeout: 5000 }).toBe(1);
    await world.say('Segunda');
    const ticket = await world.ticket();
    await expect.poll(async () => (await turnsOf(world, ticket.id)).length, { timeout: 5000 }).toBe(2);
    await setPlan(world.company.planId, { useIntegrations: false });
    release();
    await world.settled();
    expect(heard()).toBe(1);
    await expectWaitingForHuman(world);
    expect(await turnsOf(world, ticket.id)).toEqual([
      { status: 'done', error: null },
      { status: 'done', error: null },
    ]);
  });
});
