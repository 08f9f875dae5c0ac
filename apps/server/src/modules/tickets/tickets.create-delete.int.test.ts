import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { asCompany, buildConnection } from '../../../test/messaging-fixtures';
import { connectSocket } from '../../../test/socket-client';
import { agentIn, buildTicketRow, customerWrites, cyclesOf, queueOf, ticketWorld } from './tickets.fixtures';

let server: TestServer;
let baseUrl: string;
beforeAll(async () => {
  server = await startTestServer({ SESSIONS_AUTOSTART: 'off' });
  baseUrl = await server.listen();
});
afterAll(() => server.close());

const contactOf = (companyId: number, name = 'Fábio') =>
  asCompany(server, companyId, (tx) =>
    tx
      .insertInto('contacts')
      .values({ companyId, name, number: `55119${Date.now().toString().slice(-8)}` })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow(),
  );

describe('POST /tickets', () => {
  it('opens a ticket owned by the caller on the default connection with a started cycle, and tells the rooms', async () => {
    const world = await ticketWorld(server);
    const contact = await contactOf(world.company.id);
    const socket = await connectSocket(baseUrl, world.token);

    const answer = await server.call('POST', '/tickets', {
      token: world.token,
      body: { contactId: contact.id, queueId: null, userId: world.admin.id, status: 'open' },
    });

    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      status: 'open',
      userId: world.admin.id,
      whatsappId: world.connection.id,
      contact: { id: contact.id, name: 'Fábio' },
    });
    const [cycle] = await cyclesOf(server, world.company.id, answer.body.id);
    expect(cycle).toMatchObject({ userId: world.admin.id, finishedAt: null });
    expect(cycle?.startedAt?.getTime()).toBe(cycle?.queuedAt.getTime());
    const event = (await socket.waitFor(`company-${world.company.id}-ticket`)) as { action: string };
    expect(event).toMatchObject({ action: 'update', ticket: { id: answer.body.id, status: 'open' } });
    socket.close();
  });

  it('answers ERR_OTHER_OPEN_TICKET with the holder when the contact is already being served', async () => {
    const world = await ticketWorld(server);
    const queue = await queueOf(server, world.company.id);
    const held = await customerWrites(server, world);
    await server.call('PUT', `/tickets/${held.id}`, {
      token: world.token,
      body: { status: 'open', userId: world.admin.id, queueId: queue.id },
    });
    const second = await buildConnection(server, world.company);

    const answer = await server.call('POST', '/tickets', {
      token: world.token,
      body: { contactId: held.contactId, whatsappId: second.id, status: 'open' },
    });

    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      error: 'ERR_OTHER_OPEN_TICKET',
      message: expect.any(String),
      ticket: {
        id: held.id,
        uuid: held.uuid,
        status: 'open',
        userId: world.admin.id,
        user: { id: world.admin.id, name: 'Test User' },
        queue: { id: queue.id, name: queue.name },
      },
    });
  });

  it('serves one of several agents opening the same contact at once and names them to the others', async () => {
    const world = await ticketWorld(server);
    const queue = await queueOf(server, world.company.id);
    const agents = [];
    for (let i = 0; i < 4; i++)
      agents.push(await agentIn(server, world.company, [queue.id], { name: `Agente ${i}` }));
    const contact = await contactOf(world.company.id);

    const answers = await Promise.all(
      agents.map((agent) =>
        server.call('POST', '/tickets', {
          token: agent.token,
          body: { contactId: contact.id, queueId: queue.id, status: 'open' },
        }),
      ),
    );

    const served = answers.filter((a) => a.status === 200);
    expect(served).toHaveLength(1);
    const holder = served[0]?.body;
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        error: 'ERR_OTHER_OPEN_TICKET',
        ticket: { id: holder.id, userId: holder.userId, queue: { id: queue.id, name: queue.name } },
      });
    }
    expect(await cyclesOf(server, world.company.id, holder.id)).toHaveLength(1);
  });

  it('makes a non-admin pick one of their queues', async () => {
    const world = await ticketWorld(server);
    const mine = await queueOf(server, world.company.id);
    const notMine = await queueOf(server, world.company.id);
    const agent = await agentIn(server, world.company, [mine.id]);
    const contact = await contactOf(world.company.id);

    const none = await server.call('POST', '/tickets', {
      token: agent.token,
      body: { contactId: contact.id },
    });
    expect(none.status).toBe(400);
    const other = await server.call('POST', '/tickets', {
      token: agent.token,
      body: { contactId: contact.id, queueId: notMine.id },
    });
    expect(other.status).toBe(403);
    const ok = await server.call('POST', '/tickets', {
      token: agent.token,
      body: { contactId: contact.id, queueId: mine.id, status: 'open' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ userId: agent.id, queue: { id: mine.id }, status: 'open' });
  });

  it('reuses the closed ticket of the contact on that connection, keeping its uuid', async () => {
    const world = await ticketWorld(server);
    const ticket = await customerWrites(server, world);
    await server.call('PUT', `/tickets/${ticket.id}`, { token: world.token, body: { status: 'closed' } });

    const answer = await server.call('POST', '/tickets', {
      token: world.token,
      body: { contactId: ticket.contactId, whatsappId: world.connection.id, status: 'open' },
    });

    expect(answer.body).toMatchObject({ id: ticket.id, uuid: ticket.uuid, status: 'open' });
    expect(await cyclesOf(server, world.company.id, ticket.id)).toHaveLength(2);
  });

  it('answers 404 ERR_NO_DEF_WAPP_FOUND when the company has no connected connection', async () => {
    const world = await ticketWorld(server);
    await asCompany(server, world.company.id, (tx) =>
      tx.updateTable('whatsapps').set({ status: 'DISCONNECTED' }).execute(),
    );
    const contact = await contactOf(world.company.id);
    const answer = await server.call('POST', '/tickets', {
      token: world.token,
      body: { contactId: contact.id },
    });
    expect(answer.status).toBe(404);
    expect(answer.body.error).toBe('ERR_NO_DEF_WAPP_FOUND');
  });
});

describe('DELETE /tickets/:id', () => {
  it('deletes the ticket with its messages, cycles and notes for an admin and tells the rooms', async () => {
    const world = await ticketWorld(server);
    const ticket = await customerWrites(server, world);
    await server.call('POST', '/ticket-notes', {
      token: world.token,
      body: { note: 'ligar amanhã', ticketId: ticket.id, contactId: ticket.contactId },
    });
    const socket = await connectSocket(baseUrl, world.token);
    await socket.socket.emitWithAck('joinTickets', 'pending');

    const answer = await server.call('DELETE', `/tickets/${ticket.id}`, { token: world.token });

    expect(answer.status).toBe(200);
    expect(await socket.waitFor(`company-${world.company.id}-ticket`)).toEqual({
      action: 'delete',
      ticketId: ticket.id,
    });
    socket.close();
    const left = await asCompany(server, world.company.id, async (tx) => ({
      messages: await tx.selectFrom('messages').where('ticketId', '=', ticket.id).select('id').execute(),
      cycles: await tx.selectFrom('ticketTracking').where('ticketId', '=', ticket.id).select('id').execute(),
      notes: await tx.selectFrom('ticketNotes').where('ticketId', '=', ticket.id).select('id').execute(),
    }));
    expect(left).toEqual({ messages: [], cycles: [], notes: [] });
    expect((await server.call('GET', `/tickets/${ticket.id}`, { token: world.token })).status).toBe(404);
  });

  it('answers 403 to a non-admin and keeps the ticket', async () => {
    const world = await ticketWorld(server);
    const ticket = await buildTicketRow(server, world.company.id, {});
    const agent = await agentIn(server, world.company, [], { allTicket: 'enabled' });
    const answer = await server.call('DELETE', `/tickets/${ticket.id}`, { token: agent.token });
    expect(answer.status).toBe(403);
    expect((await server.call('GET', `/tickets/${ticket.id}`, { token: world.token })).status).toBe(200);
  });
});
