// The node that queued a bot turn claims it by id and reads its input in the same round trip (issue 20): the
// claim keeps the rules of the usual one (due, one turn running per ticket, in order) and reads what the turn
// needs after it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { botWorld } from '../../../test/bot-world';
import { FakeHttpServer } from '../../../test/fake-http';
import { claimWithInput } from './turns/bot-turn-input';
import { TurnLost, writeSteps } from './turns/bot-turn-steps';

let server: TestServer;
const hook = new FakeHttpServer(() => ({ body: { ok: true } }));
beforeAll(async () => {
  await hook.start();
  server = await startTestServer({ SIMULATOR_ACK_MS: '40,80' });
  await server.listen();
});
afterAll(async () => {
  await server.close();
  await hook.close();
});

const HOUR_MS = 60 * 60_000;

describe('claiming a queued bot turn with its input', () => {
  it('waits behind a running or earlier turn of its ticket, then claims it with its input; only its claimer writes the answer', async () => {
    let integrationId = 0;
    const world = await botWorld(server, async (token) => {
      const answer = await server.call('POST', '/queueIntegration', {
        token,
        body: { name: 'Webhook claim', type: 'webhook', urlN8N: `${hook.url}/claim` },
      });
      integrationId = answer.body.id;
      return { integrationId };
    });
    await world.say('Quero falar sobre meu pedido');
    await world.settled();
    const ticket = await world.ticket();
    const scope = world.scope;
    // The customer's message, answered already: its turn goes, and a turn of ours stands in for it.
    const message = await scope.run(async (tx) => {
      await tx.deleteFrom('botTurns').where('ticketId', '=', ticket.id).execute();
      return tx
        .selectFrom('messages')
        .where('ticketId', '=', ticket.id)
        .where('fromMe', '=', false)
        .select(['id', 'body'])
        .executeTakeFirstOrThrow();
    });
    const insertTurn = (values: {
      messageId: number;
      status: 'pending' | 'running';
      nextAttemptAt: Date;
      queuedBy: string;
    }) =>
      scope.run(async (tx) => {
        const row = await tx
          .insertInto('botTurns')
          .values({
            companyId: tx.companyId,
            ticketId: ticket.id,
            integrationId,
            promptId: null,
            ...values,
            claimedBy: values.status === 'running' ? 'another-node' : null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      });
    // Never due for the test server's worker: a running turn on another node, an earlier one waiting an hour.
    const running = await insertTurn({
      messageId: 2_000_000_000,
      status: 'running',
      nextAttemptAt: new Date(),
      queuedBy: 'another-node',
    });
    const earlier = await insertTurn({
      messageId: 2_000_000_001,
      status: 'pending',
      nextAttemptAt: new Date(Date.now() + HOUR_MS),
      queuedBy: 'another-node',
    });
    const queued = {
      id: await insertTurn({
        messageId: message.id,
        status: 'pending',
        nextAttemptAt: new Date(),
        queuedBy: 'this-test',
      }),
      companyId: world.company.id,
      ticketId: ticket.id,
      messageId: message.id,
      promptId: null,
      integrationId,
    };
    const claim = () => scope.read((tx) => claimWithInput(tx, queued, 'this-test'), { asyncCommit: true });
    const statusOf = async (id: number) =>
      scope.run(async (tx) => {
        const row = await tx
          .selectFrom('botTurns')
          .where('id', '=', id)
          .select(['status', 'claimedBy', 'attempts'])
          .executeTakeFirstOrThrow();
        return row;
      });

    expect(await claim()).toBeUndefined();
    await scope.run((tx) =>
      tx.updateTable('botTurns').set({ status: 'done' }).where('id', '=', running).execute(),
    );
    expect(await claim()).toBeUndefined();
    expect(await statusOf(queued.id)).toEqual({ status: 'pending', claimedBy: null, attempts: 0 });

    // Alone now: the test server's worker leaves a turn another node queued alone for 2 s from when it fell due.
    await scope.run(async (tx) => {
      await tx.deleteFrom('botTurns').where('id', '=', earlier).execute();
      await tx
        .updateTable('botTurns')
        .set({ nextAttemptAt: new Date() })
        .where('id', '=', queued.id)
        .execute();
    });
    const claimed = await claim();
    expect(claimed?.turn).toMatchObject({
      id: queued.id,
      status: 'running',
      claimedBy: 'this-test',
      attempts: 1,
    });
    expect(claimed?.input).toMatchObject({
      ticket: { id: ticket.id },
      message: { id: message.id, body: message.body },
      bot: { kind: 'integration', integration: { id: integrationId } },
    });
    expect(await statusOf(queued.id)).toEqual({ status: 'running', claimedBy: 'this-test', attempts: 1 });
    // Claimed once: a second claim takes nothing.
    expect(await claim()).toBeUndefined();

    // Its answer is written only while the turn is still this claimer's, in one transaction with the turn's count.
    const turn = claimed?.turn;
    const input = claimed?.input;
    if (!turn || typeof input !== 'object') throw new Error('claimed without its input');
    const deps = { outbound: server.messaging.outbound, storage: server.messaging.outbound.storage };
    const answer = [{ kind: 'text' as const, text: 'Seu pedido sai hoje' }];
    const write = (claimedBy: string) =>
      writeSteps(deps, scope, { ...turn, claimedBy }, answer, 0, input, true);
    const answers = () =>
      scope.run((tx) =>
        tx
          .selectFrom('messages')
          .where('ticketId', '=', ticket.id)
          .where('body', '=', 'Seu pedido sai hoje')
          .select('id')
          .execute(),
      );
    await expect(write('a-stale-claimer')).rejects.toBeInstanceOf(TurnLost);
    expect(await answers()).toEqual([]);
    expect(await statusOf(queued.id)).toEqual({ status: 'running', claimedBy: 'this-test', attempts: 1 });

    expect(await write('this-test')).toEqual({ applied: 1, done: true, pauseMs: null });
    expect(await answers()).toHaveLength(1);
    expect(await statusOf(queued.id)).toEqual({ status: 'done', claimedBy: 'this-test', attempts: 1 });
    const row = await scope.run((tx) =>
      tx
        .selectFrom('botTurns')
        .where('id', '=', queued.id)
        .select(['applied', 'actions'])
        .executeTakeFirstOrThrow(),
    );
    expect(row).toEqual({ applied: 1, actions: answer });
    await world.receivedAtLeast(1);
    expect(await world.received()).toContain('Seu pedido sai hoje');
  });
});
