import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdminSession } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import {
  asCompany,
  buildConnection,
  eventually,
  inboundMessage,
  uniquePhone,
} from '../../../test/messaging-fixtures';
import { connectSocket, pause } from '../../../test/socket-client';
import type { ProviderEvent } from '../providers';

let server: TestServer;
let baseUrl: string;
beforeAll(async () => {
  server = await startTestServer({ SESSIONS_AUTOSTART: 'off' });
  baseUrl = await server.listen();
});
afterAll(() => server.close());

/** Our messages sent from the phone into one chat (stored with ack 1), and a socket in their ticket's room. */
async function sentMessages(count: number) {
  const session = await buildAdminSession(server);
  const connection = await buildConnection(server, session.company);
  const phone = uniquePhone();
  const ingest = (event: ProviderEvent) => server.messaging.inbound.ingest(connection.descriptor, event);
  const wids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const event = inboundMessage({ chatId: phone, fromMe: true, text: `sent ${i}` });
    await ingest(event);
    wids.push(event.message.wid);
  }
  await server.messaging.inbound.idle();
  const rows = () =>
    asCompany(server, session.company.id, (tx) =>
      tx
        .selectFrom('messages')
        .where('whatsappId', '=', connection.id)
        .select(['id', 'wid', 'ack', 'ticketId', 'updatedAt'])
        .orderBy('id')
        .execute(),
    );
  const [first] = await rows();
  if (!first) throw new Error('no message stored');
  const socket = await connectSocket(baseUrl, session.token);
  await socket.socket.emitWithAck('joinChatBox', first.ticketId);
  const ackEvents = () =>
    asCompany(server, session.company.id, (tx) =>
      tx
        .selectFrom('inboundEvents')
        .where('whatsappId', '=', connection.id)
        .where('chatKey', 'like', 'ack:%')
        .select(['eventId', 'status', 'attempts', 'processedAt'])
        .execute(),
    );
  const updates = () =>
    socket.received(`company-${session.company.id}-appMessage`).flatMap((payload) => {
      const event = payload as { action: string; message: { wid: string; ack: number } };
      return event.action === 'update' ? [event.message] : [];
    });
  return { ...session, connection, phone, ingest, wids, rows, ackEvents, updates, socket };
}

describe('acks in bulk', () => {
  it('raises many messages together, never lower, with the update events one ack at a time would give', async () => {
    const { ingest, wids, rows, ackEvents, updates, socket } = await sentMessages(30);
    const [readBefore = '', ...others] = wids;
    await ingest({ type: 'message.status', wid: readBefore, ack: 3 });
    await server.messaging.inbound.idle();
    await eventually(async () => updates().length === 1);

    // Delivered and read for every message, all at once (a phone acking a burst), and a late "delivered" for the
    // message already read.
    await Promise.all([
      ...others.flatMap((wid) => [
        ingest({ type: 'message.status', wid, ack: 2 }),
        ingest({ type: 'message.status', wid, ack: 3 }),
      ]),
      ingest({ type: 'message.status', wid: readBefore, ack: 2 }),
    ]);
    await server.messaging.inbound.idle();

    const stored = await rows();
    expect(stored.map((row) => row.ack)).toEqual(wids.map(() => 3));
    const events = await ackEvents();
    expect(events).toHaveLength(1 + others.length * 2 + 1);
    expect(events.every((e) => e.status === 'processed' && e.attempts === 1)).toBe(true);
    // Processed together: the rounds' marks and the raise's updatedAt are shared, not one per ack.
    const rounds = new Set(
      events.filter((e) => e.eventId !== `ack:${readBefore}:3`).map((e) => e.processedAt?.getTime()),
    );
    expect(rounds.size).toBeLessThanOrEqual(2);
    const raises = new Set(
      stored.filter((row) => row.wid !== readBefore).map((row) => row.updatedAt.getTime()),
    );
    expect(raises.size).toBeLessThanOrEqual(2);

    await eventually(async () => updates().length === 1 + others.length * 2);
    await pause(100);
    const byWid = new Map<string, number[]>();
    for (const message of updates()) byWid.set(message.wid, [...(byWid.get(message.wid) ?? []), message.ack]);
    expect(byWid.get(readBefore)).toEqual([3]);
    for (const wid of others) expect(byWid.get(wid)).toEqual([2, 3]);
    socket.close();
  });

  it('keeps an ack that came, among others, before its message and applies it once the message is stored', async () => {
    const { ingest, phone, wids, rows, ackEvents, updates, socket } = await sentMessages(3);
    const early = inboundMessage({ chatId: phone, fromMe: true, text: 'sent from the phone, stored late' });
    const earlyWid = early.message.wid;

    await Promise.all([
      ...wids.map((wid) => ingest({ type: 'message.status', wid, ack: 2 })),
      ingest({ type: 'message.status', wid: earlyWid, ack: 3 }),
    ]);
    await server.messaging.inbound.idle();
    expect((await rows()).map((row) => row.ack)).toEqual([2, 2, 2]);
    const waiting = (await ackEvents()).find((e) => e.eventId === `ack:${earlyWid}:3`);
    expect(waiting).toMatchObject({ status: 'received', attempts: 1 });

    await ingest(early);
    await server.messaging.inbound.idle();
    const stored = await rows();
    expect(stored.map((row) => [row.wid, row.ack])).toEqual([...wids.map((wid) => [wid, 2]), [earlyWid, 3]]);
    expect((await ackEvents()).every((e) => e.status === 'processed')).toBe(true);
    await eventually(async () => updates().some((m) => m.wid === earlyWid && m.ack === 3));
    socket.close();
  });

  it('gives up an ack whose message never comes after five attempts, without holding the other acks', async () => {
    const { company, connection, ingest, wids, rows, ackEvents, socket } = await sentMessages(1);
    const never = 'WID-never-stored';
    await Promise.all([
      ingest({ type: 'message.status', wid: never, ack: 2 }),
      ...wids.map((wid) => ingest({ type: 'message.status', wid, ack: 3 })),
    ]);
    await server.messaging.inbound.idle();
    expect((await rows()).map((row) => row.ack)).toEqual([3]);
    const chat = { companyId: company.id, whatsappId: connection.id, chatKey: `ack:${never}` };
    for (let attempt = 2; attempt <= 5; attempt += 1) {
      expect((await ackEvents()).find((e) => e.eventId === `ack:${never}:2`)).toMatchObject({
        status: 'received',
        attempts: attempt - 1,
      });
      server.messaging.inbound.kick(chat);
      await server.messaging.inbound.idle();
    }
    expect((await ackEvents()).find((e) => e.eventId === `ack:${never}:2`)).toMatchObject({
      status: 'processed',
      attempts: 5,
    });
    socket.close();
  });
});
