// Finished bot turns are purged after BOT_TURNS_KEEP_DAYS by the hourly job (issue 20); turns still waiting or
// running are kept however old.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { botWorld } from '../../../test/bot-world';
import { FakeHttpServer } from '../../../test/fake-http';
import { BOT_TURNS_KEEP_DAYS, BOT_TURNS_PURGE_JOB } from '.';

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

const DAY_MS = 24 * 60 * 60_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
let sequence = 0;

/** A company whose webhook bot answered one customer message: its ticket and that real turn. */
async function answeredWorld() {
  let integrationId = 0;
  const world = await botWorld(server, async (token) => {
    const answer = await server.call('POST', '/queueIntegration', {
      token,
      body: { name: `Webhook ${++sequence}`, type: 'webhook', urlN8N: `${hook.url}/purge/${sequence}` },
    });
    integrationId = answer.body.id;
    return { integrationId };
  });
  await world.say('Oi');
  await world.settled();
  const ticket = await world.ticket();
  return { world, ticket, integrationId };
}

type Answered = Awaited<ReturnType<typeof answeredWorld>>;

/** Adds a turn to the world's ticket in the given state, last written `updatedAt`; answers its id. */
async function addTurn(
  { world, ticket, integrationId }: Answered,
  values: { status: 'pending' | 'running' | 'done' | 'failed'; updatedAt: Date },
): Promise<number> {
  const row = await world.scope.run((tx) =>
    tx
      .insertInto('botTurns')
      .values({
        companyId: tx.companyId,
        ticketId: ticket.id,
        messageId: 1_000_000_000 + ++sequence,
        integrationId,
        status: values.status,
        // Never due while the test runs: no worker may claim it.
        nextAttemptAt: new Date(Date.now() + DAY_MS),
        claimedBy: values.status === 'running' ? 'another-node' : null,
        claimedAt: values.status === 'running' ? new Date() : null,
        createdAt: values.updatedAt,
        updatedAt: values.updatedAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  return row.id;
}

const turnIds = ({ world, ticket }: Answered) =>
  world.scope.run(async (tx) =>
    (
      await tx.selectFrom('botTurns').where('ticketId', '=', ticket.id).select('id').orderBy('id').execute()
    ).map((row) => row.id),
  );

describe('purging old bot turns', () => {
  it('deletes finished turns older than the kept days in every company, and keeps the rest', async () => {
    const first = await answeredWorld();
    const second = await answeredWorld();
    const [answered] = await turnIds(first);
    const old = BOT_TURNS_KEEP_DAYS + 1;
    const oldDone = await addTurn(first, { status: 'done', updatedAt: daysAgo(old) });
    const oldFailed = await addTurn(first, { status: 'failed', updatedAt: daysAgo(old) });
    const recentDone = await addTurn(first, { status: 'done', updatedAt: daysAgo(BOT_TURNS_KEEP_DAYS - 1) });
    const oldPending = await addTurn(first, { status: 'pending', updatedAt: daysAgo(30) });
    const oldRunning = await addTurn(first, { status: 'running', updatedAt: daysAgo(30) });
    expect(await turnIds(first)).toEqual([answered, oldDone, oldFailed, recentDone, oldPending, oldRunning]);
    const [otherAnswered] = await turnIds(second);
    const otherOldDone = await addTurn(second, { status: 'done', updatedAt: daysAgo(old) });
    expect(await turnIds(second)).toEqual([otherAnswered, otherOldDone]);

    const id = await server.ctx.jobs.send(BOT_TURNS_PURGE_JOB, {});
    await vi.waitFor(
      async () => expect(await server.ctx.jobs.state(BOT_TURNS_PURGE_JOB, id ?? '')).toBe('completed'),
      { timeout: 10_000 },
    );

    expect(await turnIds(first)).toEqual([answered, recentDone, oldPending, oldRunning]);
    expect(await turnIds(second)).toEqual([otherAnswered]);
  });
});
