import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../test/harness';
import { connectSocket } from '../../../../test/socket-client';
import { eventually } from '../../../../test/messaging-fixtures';
import { botSetup } from '../../../messaging/bots/bots.fixtures';
import { sweepAutoTransfers, sweepExpiredTickets } from '.';

// The every-minute ticket sweeps (server-behaviour 9), run directly with a clock.
let server: TestServer;
let baseUrl: string;
beforeAll(async () => {
  server = await startTestServer({ SIMULATOR_ACK_MS: '20,40', SESSIONS_AUTOSTART: 'off' });
  baseUrl = await server.listen();
});
afterAll(() => server.close());

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

type Payload = {
  action: string;
  ticketId?: number;
  ticket?: { id: number; status: string; queueId: number | null };
};
const eventsOf = (socket: { received(event: string): unknown[] }, event: string) =>
  socket.received(event) as Payload[];

describe('ticket expiry', () => {
  it('closes open tickets whose last message is ours and too old, after the inactivity message', async () => {
    const bot = await botSetup(server, {
      connection: {
        expiresTicket: 5,
        expiresInactiveMessage: 'Encerrado por inatividade, {{firstName}}.',
        complationMessage: 'Tchau',
        ratingMessage: 'Avalie',
      },
      settings: { userRating: 'enabled' },
    });
    const socket = await connectSocket(baseUrl, bot.token);
    await socket.socket.emitWithAck('joinNotification');
    await socket.socket.emitWithAck('joinTickets', 'open');
    const [stale, recent, theirs] = [bot.customer(), bot.customer('Carla Dias'), bot.customer('Davi Reis')];
    for (const c of [stale, recent, theirs]) await c.say('oi');
    const open = async (c: typeof stale, fromMe: boolean, updatedAt: Date) => {
      const ticket = await c.ticket();
      await bot.run(async (tx) => {
        await tx
          .updateTable('tickets')
          .set({ status: 'open', userId: bot.admin.id, fromMe, updatedAt })
          .where('id', '=', ticket.id)
          .execute();
        await tx
          .updateTable('ticketTracking')
          .set({ userId: bot.admin.id, startedAt: updatedAt })
          .where('ticketId', '=', ticket.id)
          .execute();
      });
      return ticket;
    };
    const expiring = await open(stale, true, minutesAgo(6));
    await open(recent, true, minutesAgo(4));
    await open(theirs, false, minutesAgo(60));

    expect(await sweepExpiredTickets(server.ctx, server.modules.tickets)).toBeGreaterThanOrEqual(1);

    expect(await stale.ticket()).toMatchObject({ status: 'closed', chatbot: false });
    const [cycle] = await stale.cycles(expiring.id);
    expect(cycle?.finishedAt).not.toBeNull();
    expect(cycle).toMatchObject({ awaitingRating: false, ratingAt: null });
    expect(await stale.ours()).toEqual(['Encerrado por inatividade, Beatriz.']);
    expect(await stale.received(1)).toEqual(['Encerrado por inatividade, Beatriz.']);
    expect(await recent.ticket()).toMatchObject({ status: 'open' });
    expect(await theirs.ticket()).toMatchObject({ status: 'open' });
    await eventually(async () =>
      eventsOf(socket, `company-${bot.company.id}-ticket`).some(
        (e) => e.action === 'update' && e.ticket?.id === expiring.id && e.ticket.status === 'closed',
      ),
    );
    expect(
      eventsOf(socket, `company-${bot.company.id}-ticket`).some(
        (e) => e.action === 'delete' && e.ticketId === expiring.id,
      ),
    ).toBe(true);

    // Closed now: a later sweep leaves it alone.
    await sweepExpiredTickets(server.ctx, server.modules.tickets, new Date(Date.now() + 60 * 60_000));
    expect(await stale.ours()).toHaveLength(1);
    socket.close();
  });
});

describe('auto-transfer', () => {
  it('moves tickets waiting without queue past timeToTransfer to the transfer queue, with the notice', async () => {
    const bot = await botSetup(server, { settings: { sendMsgTransfTicket: 'enabled' } });
    const queue = await bot.run((tx) =>
      tx
        .insertInto('queues')
        .values({ companyId: bot.company.id, name: 'Financeiro', color: '#a1b2c3' })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    await bot.run((tx) =>
      tx
        .updateTable('whatsapps')
        .set({ timeToTransfer: 3, transferQueueId: queue.id })
        .where('id', '=', bot.connection.id)
        .execute(),
    );
    const socket = await connectSocket(baseUrl, bot.token);
    await socket.socket.emitWithAck('joinNotification');
    const c = bot.customer();
    await c.say('oi');
    const ticket = await c.ticket();
    const [queued] = await c.cycles(ticket.id);
    const queuedAt = queued?.queuedAt ?? new Date();
    const after = (minutes: number) => new Date(queuedAt.getTime() + minutes * 60_000);

    await sweepAutoTransfers(server.ctx, server.modules.tickets, after(2));
    expect(await c.ticket()).toMatchObject({ queueId: null });

    // A blocked company's tickets wait until it is active again (server-behaviour 1.5).
    const setActive = (status: boolean) =>
      server.ctx.scopes.asSystem((tx) =>
        tx.db.updateTable('companies').set({ status }).where('id', '=', bot.company.id).execute(),
      );
    await setActive(false);
    await sweepAutoTransfers(server.ctx, server.modules.tickets, after(3));
    expect(await c.ticket()).toMatchObject({ queueId: null });
    await setActive(true);

    await sweepAutoTransfers(server.ctx, server.modules.tickets, after(3));
    expect(await c.ticket()).toMatchObject({
      queueId: queue.id,
      status: 'pending',
      userId: null,
      chatbot: false,
    });
    const [cycle] = await c.cycles(ticket.id);
    expect(cycle).toMatchObject({ queueId: queue.id, finishedAt: null });
    expect(cycle?.queuedAt.getTime()).toBeGreaterThan(queuedAt.getTime());
    const notice = '*Mensagem automática*: você foi transferido para o setor *Financeiro*, aguarde.';
    expect(await c.ours()).toEqual([notice]);
    expect(await c.received(1)).toEqual([notice]);
    await eventually(async () =>
      eventsOf(socket, `company-${bot.company.id}-ticket`).some(
        (e) => e.action === 'update' && e.ticket?.id === ticket.id && e.ticket.queueId === queue.id,
      ),
    );

    // In a queue now: not transferred again.
    await sweepAutoTransfers(server.ctx, server.modules.tickets, after(60));
    expect(await c.ours()).toHaveLength(1);
    socket.close();
  });
});

describe('tickets the sweeps leave alone', () => {
  it('expiry skips pending tickets and connections with expiresTicket 0', async () => {
    const expiring = await botSetup(server, {
      connection: { expiresTicket: 5, expiresInactiveMessage: 'Encerrado' },
    });
    const never = await botSetup(server, {
      connection: { expiresTicket: 0, expiresInactiveMessage: 'Encerrado' },
    });
    const waiting = expiring.customer();
    const served = never.customer();
    await waiting.say('oi');
    await served.say('oi');
    // Each company has one ticket, and its scope (row-level security) keeps these updates to it.
    const stale = { fromMe: true, updatedAt: minutesAgo(600) };
    await expiring.run((tx) => tx.updateTable('tickets').set(stale).execute());
    await never.run((tx) =>
      tx
        .updateTable('tickets')
        .set({ ...stale, status: 'open', userId: never.admin.id })
        .execute(),
    );

    await sweepExpiredTickets(server.ctx, server.modules.tickets);

    expect(await waiting.ticket()).toMatchObject({ status: 'pending' });
    expect(await served.ticket()).toMatchObject({ status: 'open' });
    expect(await waiting.ours()).toEqual([]);
    expect(await served.ours()).toEqual([]);
  });

  it('auto-transfer skips tickets an agent holds and connections without a transfer queue or time', async () => {
    const addQueue = (bot: Awaited<ReturnType<typeof botSetup>>) =>
      bot.run((tx) =>
        tx
          .insertInto('queues')
          .values({ companyId: bot.company.id, name: 'Destino', color: '#0a0b0c' })
          .returning('id')
          .executeTakeFirstOrThrow(),
      );
    const held = await botSetup(server);
    const heldQueue = await addQueue(held);
    await held.run((tx) =>
      tx.updateTable('whatsapps').set({ timeToTransfer: 1, transferQueueId: heldQueue.id }).execute(),
    );
    const noQueue = await botSetup(server, { connection: { timeToTransfer: 1 } });
    const noTime = await botSetup(server);
    const noTimeQueue = await addQueue(noTime);
    await noTime.run((tx) =>
      tx.updateTable('whatsapps').set({ timeToTransfer: 0, transferQueueId: noTimeQueue.id }).execute(),
    );
    const customers = [held.customer(), noQueue.customer(), noTime.customer()];
    for (const c of customers) await c.say('oi');
    await held.run((tx) =>
      tx.updateTable('tickets').set({ status: 'open', userId: held.admin.id }).execute(),
    );

    await sweepAutoTransfers(server.ctx, server.modules.tickets, new Date(Date.now() + 24 * 60 * 60_000));

    for (const c of customers) {
      expect(await c.ticket()).toMatchObject({ queueId: null });
      expect(await c.ours()).toEqual([]);
    }
  });
});
