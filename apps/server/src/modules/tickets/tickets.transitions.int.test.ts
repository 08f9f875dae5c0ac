import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildConnection, eventually } from '../../../test/messaging-fixtures';
import { buildIntegration, buildPrompt } from '../whatsapps/whatsapps.fixtures';
import { transferTicket } from './index';
import { connectSocket } from '../../../test/socket-client';
import {
  agentIn,
  automaticMessagesOf,
  customerWrites,
  cyclesOf,
  queueOf,
  setCompanySetting,
  ticketRow,
  ticketWorld,
} from './tickets.fixtures';

let server: TestServer;
let baseUrl: string;
beforeAll(async () => {
  server = await startTestServer({ SESSIONS_AUTOSTART: 'off' });
  baseUrl = await server.listen();
  server.messaging.outbound.worker.retry.baseMs = 20;
});
afterAll(() => server.close());

const put = (token: string, id: number, body: Record<string, unknown>) =>
  server.call('PUT', `/tickets/${id}`, { token, body });

describe('PUT /tickets/:id accept', () => {
  it('opens a pending ticket for the agent, starts the cycle, stops the bot, resets unread and tells the rooms', async () => {
    const world = await ticketWorld(server);
    const ticket = await customerWrites(server, world);
    await server.ctx.scopes
      .tenant(world.company.id)
      .run((tx) => tx.updateTable('tickets').set({ chatbot: true }).where('id', '=', ticket.id).execute());
    const socket = await connectSocket(baseUrl, world.token);
    await socket.socket.emitWithAck('joinTickets', 'pending');
    const event = `company-${world.company.id}-ticket`;

    const answer = await put(world.token, ticket.id, { status: 'open', userId: world.admin.id });

    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      status: 'open',
      userId: world.admin.id,
      user: { id: world.admin.id, name: 'Test User' },
      chatbot: false,
      unreadMessages: 0,
    });
    const [cycle] = await cyclesOf(server, world.company.id, ticket.id);
    expect(cycle?.userId).toBe(world.admin.id);
    expect(cycle?.startedAt).toBeInstanceOf(Date);
    expect(cycle?.finishedAt).toBeNull();
    await eventually(async () => socket.received(event).length >= 3);
    expect(socket.received(event)).toEqual(
      expect.arrayContaining([
        { action: 'delete', ticketId: ticket.id },
        expect.objectContaining({ action: 'update', ticket: expect.objectContaining({ status: 'open' }) }),
        { action: 'updateUnread', ticketId: ticket.id },
      ]),
    );
    socket.close();
  });
});

describe('PUT /tickets/:id return', () => {
  it('puts the ticket back to pending without agent and queues the cycle again', async () => {
    const world = await ticketWorld(server);
    const ticket = await customerWrites(server, world);
    await put(world.token, ticket.id, { status: 'open', userId: world.admin.id });
    const [accepted] = await cyclesOf(server, world.company.id, ticket.id);

    const answer = await put(world.token, ticket.id, { status: 'pending', userId: null });

    expect(answer.body).toMatchObject({ status: 'pending', userId: null, user: null });
    const [cycle] = await cyclesOf(server, world.company.id, ticket.id);
    expect(cycle?.startedAt).toBeNull();
    expect(cycle?.userId).toBeNull();
    expect(cycle?.queuedAt.getTime()).toBeGreaterThan(accepted?.queuedAt.getTime() ?? Infinity);
  });
});

describe('PUT /tickets/:id transfer', () => {
  it('moves the ticket to a queue without agent as pending, re-queues the cycle and tells the customer the department', async () => {
    const world = await ticketWorld(server);
    await setCompanySetting(server, world.company.id, 'sendMsgTransfTicket', 'enabled');
    const queue = await queueOf(server, world.company.id);
    const ticket = await customerWrites(server, world);
    await put(world.token, ticket.id, { status: 'open', userId: world.admin.id });

    const answer = await put(world.token, ticket.id, { queueId: queue.id, userId: null });

    expect(answer.body).toMatchObject({ status: 'pending', userId: null, queue: { id: queue.id } });
    const [cycle] = await cyclesOf(server, world.company.id, ticket.id);
    expect(cycle?.queueId).toBe(queue.id);
    const text = `*Mensagem automática*: você foi transferido para o setor *${queue.name}*, aguarde.`;
    await eventually(async () => world.phone.sent.some((s) => s.command.text === text));
    expect(world.phone.sent.map((s) => s.command)).toEqual([{ to: ticket.number, text }]);
    expect(await automaticMessagesOf(server, world.company.id, ticket.id)).toEqual([
      { body: text, origin: 'system', fromMe: true },
    ]);
  });

  it('names the new agent when the queue stays, and both when both change', async () => {
    const world = await ticketWorld(server);
    await setCompanySetting(server, world.company.id, 'sendMsgTransfTicket', 'enabled');
    const queue = await queueOf(server, world.company.id);
    const other = await queueOf(server, world.company.id);
    const ana = await agentIn(server, world.company, [queue.id, other.id], { name: 'Ana' });
    const bia = await agentIn(server, world.company, [other.id], { name: 'Bia' });
    const ticket = await customerWrites(server, world);
    await put(world.token, ticket.id, { status: 'open', userId: world.admin.id, queueId: queue.id });

    await put(world.token, ticket.id, { userId: ana.id });
    await put(world.token, ticket.id, { userId: bia.id, queueId: other.id });

    const texts = [
      '*Mensagem automática*: você foi transferido para o atendente *Ana*, aguarde.',
      `*Mensagem automática*: você foi transferido para o setor *${other.name}* e o atendente *Bia*, aguarde.`,
    ];
    await eventually(async () => world.phone.sent.length >= 2);
    expect(world.phone.sent.map((s) => s.command.text)).toEqual(texts);
    const [cycle] = await cyclesOf(server, world.company.id, ticket.id);
    expect(cycle).toMatchObject({ userId: bia.id, queueId: other.id });
  });

  it('sends no notice when the setting is off', async () => {
    const world = await ticketWorld(server);
    const queue = await queueOf(server, world.company.id);
    const ticket = await customerWrites(server, world);
    const answer = await put(world.token, ticket.id, { queueId: queue.id });
    expect(answer.body.queueId).toBe(queue.id);
    expect(await automaticMessagesOf(server, world.company.id, ticket.id)).toEqual([]);
  });
});

describe('PUT /tickets/:id owner change without a status', () => {
  it('gives a waiting ticket to the agent named, starting the cycle as an accept does', async () => {
    const world = await ticketWorld(server);
    await setCompanySetting(server, world.company.id, 'sendMsgTransfTicket', 'enabled');
    const queue = await queueOf(server, world.company.id);
    const ana = await agentIn(server, world.company, [queue.id], { name: 'Ana' });
    const ticket = await customerWrites(server, world);

    const answer = await put(world.token, ticket.id, { userId: ana.id, queueId: queue.id });

    expect(answer.body).toMatchObject({ status: 'open', userId: ana.id, queue: { id: queue.id } });
    const [cycle] = await cyclesOf(server, world.company.id, ticket.id);
    expect(cycle).toMatchObject({ userId: ana.id, queueId: queue.id, finishedAt: null });
    expect(cycle?.startedAt).toBeInstanceOf(Date);
    // Taking a waiting ticket is an accept on the agent's behalf, not a transfer: no notice.
    expect(await automaticMessagesOf(server, world.company.id, ticket.id)).toEqual([]);
    const listed = await server.call('GET', '/tickets?status=open', { token: ana.token });
    expect(listed.body.tickets.map((t: { id: number }) => t.id)).toEqual([ticket.id]);
  });

  it('never leaves an opened ticket without agent: the caller takes it when none is named', async () => {
    const world = await ticketWorld(server);
    const waiting = await customerWrites(server, world);
    const closed = await customerWrites(server, world);
    await put(world.token, closed.id, { status: 'closed' });

    for (const ticket of [waiting, closed]) {
      const answer = await put(world.token, ticket.id, { status: 'open', userId: null });
      expect(answer.body).toMatchObject({ status: 'open', userId: world.admin.id });
      const cycles = await cyclesOf(server, world.company.id, ticket.id);
      expect(cycles.at(-1)).toMatchObject({ userId: world.admin.id, finishedAt: null });
    }
  });

  it('puts a served ticket back to wait when its agent is cleared', async () => {
    const world = await ticketWorld(server);
    const ticket = await customerWrites(server, world);
    await put(world.token, ticket.id, { status: 'open', userId: world.admin.id });

    const answer = await put(world.token, ticket.id, { userId: null });

    expect(answer.body).toMatchObject({ status: 'pending', userId: null });
    const [cycle] = await cyclesOf(server, world.company.id, ticket.id);
    expect(cycle).toMatchObject({ userId: null, startedAt: null });
  });
});

describe('PUT /tickets/:id close', () => {
  it('asks the customer for a rating when ratings are on and an agent served the cycle', async () => {
    const world = await ticketWorld(server);
    await setCompanySetting(server, world.company.id, 'userRating', 'enabled');
    await server.ctx.scopes
      .tenant(world.company.id)
      .run((tx) =>
        tx
          .updateTable('whatsapps')
          .set({ ratingMessage: 'Avalie {{firstName}}!', complationMessage: 'Tchau' })
          .where('id', '=', world.connection.id)
          .execute(),
      );
    const ticket = await customerWrites(server, world, { name: 'Carla Dias' });
    await put(world.token, ticket.id, { status: 'open', userId: world.admin.id });

    const answer = await put(world.token, ticket.id, { status: 'closed' });

    expect(answer.body).toMatchObject({
      status: 'closed',
      chatbot: false,
      queueOptionId: null,
      promptId: null,
    });
    const text =
      'Avalie Carla!\n\nDigite de 1 a 3: *1* - Insatisfeito, *2* - Satisfeito, *3* - Muito satisfeito';
    await eventually(async () => world.phone.sent.length >= 1);
    expect(world.phone.sent.map((s) => s.command.text)).toEqual([text]);
    const [cycle] = await cyclesOf(server, world.company.id, ticket.id);
    expect(cycle?.finishedAt).toBeInstanceOf(Date);
    expect(cycle?.ratingAt).toBeInstanceOf(Date);
    expect(cycle?.awaitingRating).toBe(true);
  });

  it('sends the completion message when no rating is asked and clears the bot fields', async () => {
    const world = await ticketWorld(server);
    await server.ctx.scopes
      .tenant(world.company.id)
      .run((tx) =>
        tx
          .updateTable('whatsapps')
          .set({ complationMessage: 'Obrigado, {{name}}' })
          .where('id', '=', world.connection.id)
          .execute(),
      );
    const ticket = await customerWrites(server, world, { name: 'Davi' });
    await server.ctx.scopes
      .tenant(world.company.id)
      .run((tx) =>
        tx
          .updateTable('tickets')
          .set({ useIntegration: true, typebotSessionId: 'tb-1' })
          .where('id', '=', ticket.id)
          .execute(),
      );

    await put(world.token, ticket.id, { status: 'closed' });

    await eventually(async () => world.phone.sent.length >= 1);
    expect(world.phone.sent.map((s) => s.command.text)).toEqual(['Obrigado, Davi']);
    const row = await ticketRow(server, world.company.id, ticket.id);
    expect(row).toMatchObject({ status: 'closed', useIntegration: false, typebotSessionId: null });
    const [cycle] = await cyclesOf(server, world.company.id, ticket.id);
    expect(cycle?.ratingAt).toBeNull();
    expect(cycle?.finishedAt).toBeInstanceOf(Date);
  });
});

describe('PUT /tickets/:id reopen', () => {
  it('reopens a closed ticket for the caller with a new started cycle', async () => {
    const world = await ticketWorld(server);
    const ticket = await customerWrites(server, world);
    await put(world.token, ticket.id, { status: 'closed' });

    const answer = await put(world.token, ticket.id, { status: 'open' });

    expect(answer.body).toMatchObject({ status: 'open', userId: world.admin.id });
    const cycles = await cyclesOf(server, world.company.id, ticket.id);
    expect(cycles).toHaveLength(2);
    expect(cycles[0]?.finishedAt).toBeInstanceOf(Date);
    expect(cycles[1]).toMatchObject({ userId: world.admin.id, finishedAt: null });
    expect(cycles[1]?.startedAt?.getTime()).toBe(cycles[1]?.queuedAt.getTime());
  });

  it('refuses with ERR_OTHER_OPEN_TICKET naming the holder when the contact is served on another connection', async () => {
    const world = await ticketWorld(server);
    const ticket = await customerWrites(server, world);
    await put(world.token, ticket.id, { status: 'closed' });
    const { buildConnection } = await import('../../../test/messaging-fixtures');
    const second = await buildConnection(server, world.company);
    const holder = await customerWrites(
      server,
      { company: world.company, connection: second },
      {
        number: ticket.number,
      },
    );
    await put(world.token, holder.id, { status: 'open', userId: world.admin.id });

    const answer = await put(world.token, ticket.id, { status: 'open' });

    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      error: 'ERR_OTHER_OPEN_TICKET',
      ticket: {
        id: holder.id,
        uuid: holder.uuid,
        status: 'open',
        userId: world.admin.id,
        user: { id: world.admin.id, name: 'Test User' },
        queue: null,
      },
    });
    expect((await ticketRow(server, world.company.id, ticket.id)).status).toBe('closed');
  });
});

describe('PUT /tickets/:id refusals', () => {
  it('answers 403 to an agent who may not see the ticket and 404 for a queue of another company', async () => {
    const world = await ticketWorld(server);
    const other = await ticketWorld(server);
    const foreignQueue = await queueOf(server, other.company.id);
    const ticket = await customerWrites(server, world);
    const agent = await agentIn(server, world.company, []);
    expect((await put(agent.token, ticket.id, { status: 'open' })).status).toBe(403);
    const answer = await put(world.token, ticket.id, { queueId: foreignQueue.id });
    expect(answer.status).toBe(404);
    expect((await ticketRow(server, world.company.id, ticket.id)).queueId).toBeNull();
  });
});

describe('PUT /tickets/:id connection change', () => {
  it('moves the ticket to another connection, and refuses when the contact already has a ticket there', async () => {
    const world = await ticketWorld(server);
    const ticket = await customerWrites(server, world);
    const second = await buildConnection(server, world.company);
    const third = await buildConnection(server, world.company);
    const there = await customerWrites(
      server,
      { company: world.company, connection: third },
      { number: ticket.number },
    );
    await put(world.token, there.id, { status: 'closed' });

    const moved = await put(world.token, ticket.id, { whatsappId: second.id });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ whatsappId: second.id, whatsapp: { id: second.id } });
    const [cycle] = await cyclesOf(server, world.company.id, ticket.id);
    expect(cycle?.whatsappId).toBe(second.id);

    const refused = await put(world.token, ticket.id, { whatsappId: third.id });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: 'ERR_OTHER_OPEN_TICKET',
      ticket: { id: there.id, status: 'closed' },
    });
    expect((await ticketRow(server, world.company.id, ticket.id)).whatsappId).toBe(second.id);
  });
});

describe('transition functions called inside a transaction (bots and jobs)', () => {
  it('transfers quietly to a queue, switching the bot off, and emits after the commit', async () => {
    const world = await ticketWorld(server);
    await setCompanySetting(server, world.company.id, 'sendMsgTransfTicket', 'enabled');
    const queue = await queueOf(server, world.company.id);
    const ticket = await customerWrites(server, world);
    const socket = await connectSocket(baseUrl, world.token);
    await socket.socket.emitWithAck('joinTickets', 'pending');

    await server.ctx.scopes.tenant(world.company.id).run(async (tx) => {
      const row = await tx
        .updateTable('tickets')
        .set({ chatbot: true })
        .where('id', '=', ticket.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await transferTicket(tx, server.modules.tickets, row, { queueId: queue.id }, { notify: false });
    });

    const update = await socket.waitFor(`company-${world.company.id}-ticket`);
    expect(update).toMatchObject({
      action: 'update',
      ticket: { id: ticket.id, queueId: queue.id, chatbot: false },
    });
    expect(await automaticMessagesOf(server, world.company.id, ticket.id)).toEqual([]);
    const [cycle] = await cyclesOf(server, world.company.id, ticket.id);
    expect(cycle?.queueId).toBe(queue.id);
    socket.close();
  });
});

describe('PUT /tickets/:id integration fields', () => {
  it('applies useIntegration, promptId and integrationId as sent and clears them on close', async () => {
    const world = await ticketWorld(server);
    const prompt = await buildPrompt(server, world.company.id);
    const integration = await buildIntegration(server, world.company.id);
    const ticket = await customerWrites(server, world);

    const set = await put(world.token, ticket.id, {
      useIntegration: true,
      promptId: prompt.id,
      integrationId: integration.id,
    });
    expect(set.body).toMatchObject({
      status: 'pending',
      useIntegration: true,
      promptId: prompt.id,
      integrationId: integration.id,
    });

    const closed = await put(world.token, ticket.id, { status: 'closed' });
    expect(closed.body).toMatchObject({ useIntegration: false, promptId: null, integrationId: null });
  });
});
