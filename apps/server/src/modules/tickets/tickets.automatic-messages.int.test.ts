import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { asCompany, inboundMessage, uniquePhone } from '../../../test/messaging-fixtures';
import { sweepExpiredTickets } from './jobs';
import {
  automaticMessagesOf,
  customerWrites,
  cyclesOf,
  queueOf,
  setCompanySetting,
  ticketRow,
  ticketWorld,
  type TicketWorld,
} from './tickets.fixtures';

// Which transitions speak to the customer (server-behaviour 5.4, 9): groups never hear automatic messages, and a
// rating is asked only of a cycle an agent served.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SESSIONS_AUTOSTART: 'off' });
  server.messaging.outbound.worker.retry.baseMs = 20;
});
afterAll(() => server.close());

const put = (token: string, id: number, body: Record<string, unknown>) =>
  server.call('PUT', `/tickets/${id}`, { token, body });

/** A connection whose every automatic text is set and every notice switched on. */
async function chattyWorld(): Promise<TicketWorld> {
  const world = await ticketWorld(server);
  for (const key of ['userRating', 'sendMsgTransfTicket', 'sendGreetingAccepted'] as const) {
    await setCompanySetting(server, world.company.id, key, 'enabled');
  }
  await setCompanySetting(server, world.company.id, 'CheckMsgIsGroup', 'disabled');
  await asCompany(server, world.company.id, (tx) =>
    tx
      .updateTable('whatsapps')
      .set({
        ratingMessage: 'Avalie',
        complationMessage: 'Obrigado!',
        expiresTicket: 5,
        expiresInactiveMessage: 'Encerrado por inatividade',
      })
      .where('id', '=', world.connection.id)
      .execute(),
  );
  return world;
}

/** A member writes in a group: the group's ticket. */
async function groupWrites(world: TicketWorld) {
  const member = uniquePhone();
  await server.messaging.inbound.ingest(
    world.connection.descriptor,
    inboundMessage({ chatId: `1203630${member}@g.us`, isGroup: true, senderId: member, text: 'oi, grupo' }),
  );
  await server.messaging.inbound.idle();
  return asCompany(server, world.company.id, (tx) =>
    tx
      .selectFrom('tickets')
      .where('isGroup', '=', true)
      .where('whatsappId', '=', world.connection.id)
      .selectAll()
      .executeTakeFirstOrThrow(),
  );
}

describe('group tickets', () => {
  it('go through accept, transfer and close without a single automatic message', async () => {
    const world = await chattyWorld();
    const queue = await queueOf(server, world.company.id);
    const group = await groupWrites(world);

    expect((await put(world.token, group.id, { status: 'open', userId: world.admin.id })).status).toBe(200);
    const moved = await put(world.token, group.id, { queueId: queue.id, userId: null });
    expect(moved.body).toMatchObject({ status: 'pending', queue: { id: queue.id } });
    await put(world.token, group.id, { status: 'open', userId: world.admin.id });
    const closed = await put(world.token, group.id, { status: 'closed' });

    expect(closed.body).toMatchObject({ status: 'closed', isGroup: true });
    const cycles = await cyclesOf(server, world.company.id, group.id);
    expect(cycles.at(-1)).toMatchObject({ awaitingRating: false, ratingAt: null });
    expect(cycles.at(-1)?.finishedAt).toBeInstanceOf(Date);
    expect(await automaticMessagesOf(server, world.company.id, group.id)).toEqual([]);
    expect(world.phone.sent).toEqual([]);
  });

  it('are never closed by the inactivity sweep', async () => {
    const world = await chattyWorld();
    const group = await groupWrites(world);
    const single = await customerWrites(server, world);
    for (const ticket of [group, single]) {
      await asCompany(server, world.company.id, (tx) =>
        tx
          .updateTable('tickets')
          .set({
            status: 'open',
            userId: world.admin.id,
            fromMe: true,
            updatedAt: new Date(Date.now() - 3_600_000),
          })
          .where('id', '=', ticket.id)
          .execute(),
      );
    }

    await sweepExpiredTickets(server.ctx, server.modules.tickets);

    expect((await ticketRow(server, world.company.id, group.id)).status).toBe('open');
    expect((await ticketRow(server, world.company.id, single.id)).status).toBe('closed');
    expect(await automaticMessagesOf(server, world.company.id, group.id)).toEqual([]);
  });
});

describe('closing a ticket no agent served', () => {
  it('sends the completion message instead of asking for a rating', async () => {
    const world = await chattyWorld();
    const ticket = await customerWrites(server, world);

    const closed = await put(world.token, ticket.id, { status: 'closed' });

    expect(closed.status).toBe(200);
    const [cycle] = await cyclesOf(server, world.company.id, ticket.id);
    expect(cycle).toMatchObject({ userId: null, awaitingRating: false, ratingAt: null });
    expect(await automaticMessagesOf(server, world.company.id, ticket.id)).toEqual([
      { body: 'Obrigado!', origin: 'system', fromMe: true },
    ]);
  });

  it('asks for a rating again in the new cycle of a ticket staff reopened', async () => {
    const world = await chattyWorld();
    const ticket = await customerWrites(server, world);
    await put(world.token, ticket.id, { status: 'open', userId: world.admin.id });
    await put(world.token, ticket.id, { status: 'closed' });
    await put(world.token, ticket.id, { status: 'open' });
    await put(world.token, ticket.id, { status: 'closed' });

    const cycles = await cyclesOf(server, world.company.id, ticket.id);
    expect(cycles).toHaveLength(2);
    expect(cycles[1]).toMatchObject({ userId: world.admin.id, awaitingRating: true });
    const sent = await automaticMessagesOf(server, world.company.id, ticket.id);
    expect(sent.map((m) => m.body.split('\n')[0])).toEqual(['Avalie', 'Avalie']);
  });
});
