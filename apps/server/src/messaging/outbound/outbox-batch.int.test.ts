import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { eventually } from '../../../test/messaging-fixtures';
import { connectSocket } from '../../../test/socket-client';
import { outboxBatchKit, type OutboxBatchKit } from './outbox-batch.fixtures';
import { SENDS_PER_BATCH } from './outbox-send-batch';

let server: TestServer;
let baseUrl: string;
let kit: OutboxBatchKit;
beforeAll(async () => {
  server = await startTestServer({ SESSIONS_AUTOSTART: 'off' });
  baseUrl = await server.listen();
  kit = outboxBatchKit(server);
});
afterAll(() => server.close());

describe('outbox sends in batches', () => {
  it('sends a connection’s queued replies a batch per transaction, in order, each once, wids stored and emitted', async () => {
    const count = SENDS_PER_BATCH + 2;
    const { company, token, connection, customer, ids } = await kit.queuedReplies(count, { quoteAt: 2 });
    const socket = await connectSocket(baseUrl, token);
    await socket.socket.emitWithAck('joinChatBox', customer.ticketId);
    const phone = kit.probedPhone(company, connection);
    await kit.withRate({ capacity: 1000, perSecond: 1000 }, async () => {
      server.messaging.outbound.kick(connection.id);
      await eventually(() => kit.allSent(company.id, ids), 10_000);
    });

    expect(phone.batchSizes()).toEqual([SENDS_PER_BATCH, 2]);
    expect(phone.session.read).toEqual([{ chatId: customer.number, wids: [customer.wid] }]);
    expect(phone.session.sent.map((s) => s.command.text)).toEqual(ids.map((_, i) => `reply ${i}`));
    expect(phone.session.sent.map((s) => s.idempotencyKey)).toEqual(ids.map(String));
    expect(phone.calls).toHaveLength(count);
    expect(phone.session.sent[2]?.command.quoted).toEqual({ wid: customer.wid, fromMe: false, text: 'Oi' });
    const rows = await kit.messagesOf(company.id, ids);
    expect(rows.map((m) => m.wid)).toEqual(phone.session.sent.map((s) => s.wid));
    expect(rows.every((m) => m.ack === 1 && m.sendError === null)).toBe(true);
    expect((await kit.outboxOf(company.id, ids)).map((o) => [o.status, o.attempts])).toEqual(
      ids.map(() => ['sent', 1]),
    );
    const updates = await eventually(async () => {
      const got = socket.received(`company-${company.id}-appMessage`).flatMap((e) => {
        const event = e as { action: string; message: { id: number; wid: string | null; ack: number } };
        return event.action === 'update' && event.message.ack === 1 ? [event.message] : [];
      });
      return got.length >= count ? got : undefined;
    });
    expect(updates.map((m) => [m.id, m.wid])).toEqual(rows.map((m) => [m.id, m.wid]));
    socket.close();
  });

  it('never takes more sends into a batch than the connection’s bucket holds', async () => {
    const { company, connection, ids } = await kit.queuedReplies(6);
    const phone = kit.probedPhone(company, connection);
    // A burst of 3, then 2 a second.
    await kit.withRate({ capacity: 3, perSecond: 2 }, async () => {
      server.messaging.outbound.kick(connection.id);
      await eventually(() => kit.allSent(company.id, ids), 10_000);
    });
    const sizes = phone.batchSizes();
    expect(sizes[0]).toBe(3);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(6);
    // The i-th send needs i + 1 tokens: the 3 of the burst and one every 500 ms (minus the database work between
    // the first token and the first send).
    const first = phone.calls[0]?.at ?? 0;
    phone.calls.forEach((call, i) => {
      if (i >= 3) expect(call.at - first).toBeGreaterThanOrEqual((i - 2) * 500 - 100);
    });
    expect(phone.session.sent.map((s) => s.command.text)).toEqual(ids.map((_, i) => `reply ${i}`));
  });

  it('puts the connection’s conversation sends ahead of campaign (bulk) sends queued before them', async () => {
    const { company, connection, ids } = await kit.queuedReplies(5);
    // The first three were queued by a campaign.
    await kit.makeBulk(company.id, ids.slice(0, 3));
    const phone = kit.probedPhone(company, connection);
    await kit.withRate({ capacity: 1000, perSecond: 1000 }, async () => {
      server.messaging.outbound.kick(connection.id);
      await eventually(() => kit.allSent(company.id, ids));
    });
    expect(phone.batchSizes()).toEqual([5]);
    expect(phone.session.sent.map((s) => s.command.text)).toEqual([
      'reply 3',
      'reply 4',
      'reply 0',
      'reply 1',
      'reply 2',
    ]);
  });

  it('lets a reply queued while a batch of campaign sends goes out go next, ahead of the rest of them', async () => {
    const { session, company, token, connection, ids } = await kit.queuedReplies(5);
    await kit.makeBulk(company.id, ids);
    const other = await kit.openedChat(session, connection);
    let replied = false;
    const phone = kit.probedPhone(company, connection, {
      answer: async (_key, send) => {
        if (!replied) {
          replied = true;
          // Another customer's chat, so its lock is not the batch's.
          const reply = await server.call('POST', `/messages/${other.ticketId}`, {
            token,
            body: { body: 'urgent reply' },
          });
          expect(reply.status).toBe(200);
        }
        return send();
      },
    });
    await kit.withRate({ capacity: 1000, perSecond: 1000 }, async () => {
      server.messaging.outbound.kick(connection.id);
      await eventually(async () => phone.session.sent.length === 6 && kit.allSent(company.id, ids));
    });
    expect(phone.session.sent.map((s) => s.command.text)).toEqual([
      'reply 0',
      'urgent reply',
      'reply 1',
      'reply 2',
      'reply 3',
      'reply 4',
    ]);
    expect(phone.batchSizes()).toEqual([1, 5]);
  });
});
