import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { asCompany, eventually } from '../../../test/messaging-fixtures';
import { connectSocket } from '../../../test/socket-client';
import { ProviderError } from '../providers/port';
import { outboxBatchKit, type OutboxBatchKit } from './outbox-batch.fixtures';

let server: TestServer;
let baseUrl: string;
let kit: OutboxBatchKit;
beforeAll(async () => {
  server = await startTestServer({ SESSIONS_AUTOSTART: 'off' });
  baseUrl = await server.listen();
  kit = outboxBatchKit(server);
});
afterAll(() => server.close());

describe('outbox batches and failures', () => {
  it('keeps the sends made before a provider error in the batch, and retries the failed one alone', async () => {
    const { company, connection, ids } = await kit.queuedReplies(5);
    const failing = ids[2] ?? 0;
    let failed = false;
    const phone = kit.probedPhone(company, connection, {
      answer: async (key, send) => {
        if (key !== String(failing) || failed) return send();
        failed = true;
        throw new ProviderError('timeout', true);
      },
    });
    const { worker } = server.messaging.outbound;
    const retry = { ...worker.retry };
    // The retry waits long enough to look at what the failing batch left.
    worker.retry.baseMs = 60_000;
    try {
      await kit.withRate({ capacity: 1000, perSecond: 1000 }, async () => {
        server.messaging.outbound.kick(connection.id);
        await eventually(() => kit.allSent(company.id, [ids[0] ?? 0, ids[1] ?? 0, ids[3] ?? 0, ids[4] ?? 0]));
      });
    } finally {
      Object.assign(worker.retry, retry);
    }
    // The first two went out in the failing send's transaction, and were committed with its failure.
    expect(phone.calls.map((c) => [c.messageId, c.unstoredBefore])).toEqual([
      [ids[0], 0],
      [ids[1], 1],
      [ids[2], 2],
      [ids[3], 0],
      [ids[4], 1],
    ]);
    const outbox = await kit.outboxOf(company.id, ids);
    expect(outbox.map((o) => [o.status, o.attempts, o.lastError])).toEqual([
      ['sent', 1, null],
      ['sent', 1, null],
      ['pending', 1, 'timeout'],
      ['sent', 1, null],
      ['sent', 1, null],
    ]);
    expect(outbox[2]?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
    expect((await kit.messagesOf(company.id, ids)).map((m) => m.wid === null)).toEqual([
      false,
      false,
      true,
      false,
      false,
    ]);

    // Once due again it is sent alone, once; nothing else goes out twice.
    await asCompany(server, company.id, (tx) =>
      tx.updateTable('outbox').set({ nextAttemptAt: new Date() }).where('messageId', '=', failing).execute(),
    );
    server.messaging.outbound.kick(connection.id);
    await eventually(() => kit.allSent(company.id, ids));
    expect(phone.session.sent.map((s) => s.command.text)).toEqual([
      'reply 0',
      'reply 1',
      'reply 3',
      'reply 4',
      'reply 2',
    ]);
    expect(phone.calls).toHaveLength(6);
    expect((await kit.outboxOf(company.id, [failing]))[0]).toMatchObject({
      status: 'sent',
      attempts: 2,
      lastError: null,
    });
  });

  it('gives up a send the provider refuses for good in the middle of a batch, and sends the rest', async () => {
    const { company, token, connection, customer, ids } = await kit.queuedReplies(3);
    const socket = await connectSocket(baseUrl, token);
    await socket.socket.emitWithAck('joinChatBox', customer.ticketId);
    const phone = kit.probedPhone(company, connection, {
      answer: async (key, send) => {
        if (key === String(ids[1])) throw new ProviderError('number blocked us', false);
        return send();
      },
    });
    await kit.withRate({ capacity: 1000, perSecond: 1000 }, async () => {
      server.messaging.outbound.kick(connection.id);
      await eventually(() => kit.allSent(company.id, [ids[0] ?? 0, ids[2] ?? 0]));
    });
    const rows = await kit.messagesOf(company.id, ids);
    expect(rows.map((m) => [m.wid === null, m.sendError])).toEqual([
      [false, null],
      [true, 'ERR_SENDING_WAPP_MSG: number blocked us'],
      [false, null],
    ]);
    expect((await kit.outboxOf(company.id, ids)).map((o) => [o.status, o.attempts])).toEqual([
      ['sent', 1],
      ['failed', 1],
      ['sent', 1],
    ]);
    expect(phone.session.sent.map((s) => s.command.text)).toEqual(['reply 0', 'reply 2']);
    const update = await eventually(async () =>
      socket
        .received(`company-${company.id}-appMessage`)
        .find((e) => (e as { message: { error: string | null } }).message.error !== null),
    );
    expect(update).toMatchObject({
      action: 'update',
      message: { id: ids[1], error: 'ERR_SENDING_WAPP_MSG: number blocked us' },
    });
    socket.close();
  });

  it('runs the rows one by one when the batch’s transaction fails, so only the bad row fails', async () => {
    const { company, connection, customer, ids } = await kit.queuedReplies(3);
    // The phone answers the second send with a wid the connection already has: the database refuses to store it.
    const phone = kit.probedPhone(company, connection, {
      answer: async (key, send) => {
        const answer = await send();
        return key === String(ids[1]) ? { wid: customer.wid ?? '' } : answer;
      },
    });
    const { worker } = server.messaging.outbound;
    const retry = { ...worker.retry };
    worker.retry.baseMs = 10;
    try {
      await kit.withRate({ capacity: 1000, perSecond: 1000 }, async () => {
        server.messaging.outbound.kick(connection.id);
        await eventually(async () => {
          const [outbox] = await kit.outboxOf(company.id, [ids[1] ?? 0]);
          return outbox?.status === 'failed';
        }, 10_000);
      });
    } finally {
      Object.assign(worker.retry, retry);
    }
    const rows = await kit.messagesOf(company.id, ids);
    expect(rows.map((m) => m.wid === null)).toEqual([false, true, false]);
    expect(rows[1]?.sendError).toMatch(/^ERR_SENDING_WAPP_MSG: .*messages_company_whatsapp_wid_key/);
    expect((await kit.outboxOf(company.id, ids)).map((o) => [o.status, o.attempts])).toEqual([
      ['sent', 1],
      ['failed', 5],
      ['sent', 1],
    ]);
    // The first send was asked for again after the rollback, under the same key: the phone got it once.
    expect(phone.session.sent.map((s) => s.command.text)).toEqual(['reply 0', 'reply 1', 'reply 2']);
    expect(phone.calls.filter((c) => c.messageId === ids[0])).toHaveLength(2);
  });
});
