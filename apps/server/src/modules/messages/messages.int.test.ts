import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildAdminSession, buildUser, login } from '../../../test/factories';
import { connectSocket } from '../../../test/socket-client';
import {
  asCompany,
  buildConnection,
  eventually,
  fakeSession,
  inboundMessage,
  uniquePhone,
} from '../../../test/messaging-fixtures';
import { ProviderError } from '../../messaging/providers/port';

let server: TestServer;
let baseUrl: string;
beforeAll(async () => {
  // Connections here are rows with fake sessions: nothing may start real ones behind the tests' back.
  server = await startTestServer({ SESSIONS_AUTOSTART: 'off' });
  baseUrl = await server.listen();
  server.messaging.outbound.worker.retry.baseMs = 20;
});
afterAll(() => server.close());

/** A company with a connected connection (played by a fake session) and a ticket that has customer messages. */
async function conversation(options: { messages?: number; pushName?: string } = {}) {
  const session = await buildAdminSession(server);
  const connection = await buildConnection(server, session.company);
  const phone = uniquePhone();
  const phoneSession = fakeSession(server, connection.id);
  for (let i = 0; i < (options.messages ?? 1); i++) {
    await server.messaging.inbound.ingest(
      connection.descriptor,
      inboundMessage({ chatId: phone, pushName: options.pushName ?? 'João Carlos', text: `hello ${i}` }),
    );
  }
  await server.messaging.inbound.idle();
  const ticket = await asCompany(server, session.company.id, (tx) =>
    tx
      .selectFrom('tickets')
      .innerJoin('contacts', 'contacts.id', 'tickets.contactId')
      .where('contacts.number', '=', phone)
      .selectAll('tickets')
      .executeTakeFirstOrThrow(),
  );
  return { ...session, connection, phone, phoneSession, ticket };
}

const messageRow = (companyId: number, id: number) =>
  asCompany(server, companyId, (tx) =>
    tx.selectFrom('messages').where('id', '=', id).selectAll().executeTakeFirstOrThrow(),
  );

describe('GET /messages/:ticketId', () => {
  it('pages 20 from the newest, each page oldest-first, with the ticket', async () => {
    const { token, ticket } = await conversation({ messages: 45 });
    const first = await server.call('GET', `/messages/${ticket.id}?pageNumber=1`, { token });
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(45);
    expect(first.body.hasMore).toBe(true);
    expect(first.body.messages.map((m: any) => m.body)).toEqual(
      Array.from({ length: 20 }, (_, i) => `hello ${25 + i}`),
    );
    expect(first.body.messages[0].contact).toMatchObject({ name: 'João Carlos' });
    expect(first.body.ticket).toMatchObject({ id: ticket.id, status: 'pending' });
    const last = await server.call('GET', `/messages/${ticket.id}?pageNumber=3`, { token });
    expect(last.body.messages.map((m: any) => m.body)).toEqual([
      'hello 0',
      'hello 1',
      'hello 2',
      'hello 3',
      'hello 4',
    ]);
    expect(last.body.hasMore).toBe(false);
  });

  it('resets the unread count when the owner loads page 1, with a read receipt and an updateUnread event', async () => {
    const { company, admin, token, ticket, phone, phoneSession } = await conversation({ messages: 3 });
    await asCompany(server, company.id, (tx) =>
      tx
        .updateTable('tickets')
        .set({ status: 'open', userId: admin.id })
        .where('id', '=', ticket.id)
        .execute(),
    );
    const socket = await connectSocket(baseUrl, token);
    await socket.socket.emitWithAck('joinChatBox', ticket.id);

    const answer = await server.call('GET', `/messages/${ticket.id}`, { token });
    expect(answer.status).toBe(200);
    expect(answer.body.ticket.unreadMessages).toBe(0);
    // The page shows the customer's messages read, as they now are.
    const fromCustomer = answer.body.messages.filter((m: { fromMe: boolean }) => !m.fromMe);
    expect(fromCustomer.map((m: { read: boolean }) => m.read)).toEqual([true, true, true]);
    expect(await socket.waitFor(`company-${company.id}-ticket`)).toEqual({
      action: 'updateUnread',
      ticketId: ticket.id,
    });
    socket.close();
    const latest = answer.body.messages.at(-1);
    await eventually(async () => phoneSession.read.length > 0);
    expect(phoneSession.read).toEqual([{ chatId: phone, wids: [latest.wid] }]);
    const row = await messageRow(company.id, latest.id);
    expect(row.read).toBe(true);
  });

  it('leaves the unread count alone when someone else peeks', async () => {
    const { company, token, ticket } = await conversation({ messages: 2 });
    const answer = await server.call('GET', `/messages/${ticket.id}`, { token });
    expect(answer.body.ticket.unreadMessages).toBe(2);
    const row = await asCompany(server, company.id, (tx) =>
      tx.selectFrom('tickets').where('id', '=', ticket.id).select('unreadMessages').executeTakeFirstOrThrow(),
    );
    expect(row.unreadMessages).toBe(2);
  });

  it('answers 403 to a user who may not see the ticket, and 200 once allTicket is enabled', async () => {
    const { company, ticket } = await conversation();
    const blind = await buildUser(server, company, { profile: 'user', allTicket: 'desabled' });
    const seeing = await buildUser(server, company, { profile: 'user', allTicket: 'enabled' });
    const refused = await server.call('GET', `/messages/${ticket.id}`, {
      token: (await login(server, blind)).token,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('ERR_NO_PERMISSION');
    const allowed = await server.call('GET', `/messages/${ticket.id}`, {
      token: (await login(server, seeing)).token,
    });
    expect(allowed.status).toBe(200);
  });

  it('answers 404 for a ticket of another company', async () => {
    const { ticket } = await conversation();
    const other = await buildAdminSession(server);
    const answer = await server.call('GET', `/messages/${ticket.id}`, { token: other.token });
    expect(answer.status).toBe(404);
    expect(answer.body.error).toBe('ERR_NO_TICKET_FOUND');
  });
});

describe('GET /messages/:ticketId across queues', () => {
  it('hides from an agent the messages stored while the ticket sat in a queue not theirs', async () => {
    const { company, token, ticket, connection, phone } = await conversation({ messages: 1 });
    const queue = (name: string, color: string) =>
      asCompany(server, company.id, (tx) =>
        tx
          .insertInto('queues')
          .values({ companyId: company.id, name, color })
          .returning('id')
          .executeTakeFirstOrThrow(),
      );
    const sales = await queue('Vendas', '#101010');
    const support = await queue('Suporte', '#202020');
    const customerSays = async (text: string) => {
      await server.messaging.inbound.ingest(connection.descriptor, inboundMessage({ chatId: phone, text }));
      await server.messaging.inbound.idle();
    };
    await server.call('PUT', `/tickets/${ticket.id}`, { token, body: { queueId: sales.id } });
    await customerSays('sobre a compra');
    await server.call('PUT', `/tickets/${ticket.id}`, { token, body: { queueId: support.id } });
    await customerSays('sobre o defeito');
    const agent = await buildUser(server, company, { profile: 'user' });
    await asCompany(server, company.id, (tx) =>
      tx
        .insertInto('userQueues')
        .values({ companyId: company.id, userId: agent.id, queueId: support.id })
        .execute(),
    );

    const bodies = async (t: string) =>
      (await server.call('GET', `/messages/${ticket.id}`, { token: t })).body.messages.map(
        (m: { body: string }) => m.body,
      );
    const agentToken = (await login(server, agent)).token;
    expect(await bodies(token)).toEqual(['hello 0', 'sobre a compra', 'sobre o defeito']);
    expect(await bodies(agentToken)).toEqual(['hello 0', 'sobre o defeito']);
    // The total counts what each one sees too.
    const total = async (t: string) =>
      (await server.call('GET', `/messages/${ticket.id}`, { token: t })).body.count;
    expect(await total(token)).toBe(3);
    expect(await total(agentToken)).toBe(2);
  });
});

describe('POST /messages/:ticketId', () => {
  it('renders the text, stores it queued, sends it through the connection and reaches ack 1', async () => {
    const { company, token, ticket, phone, phoneSession } = await conversation({ pushName: 'João Carlos' });
    const socket = await connectSocket(baseUrl, token);
    await socket.socket.emitWithAck('joinChatBox', ticket.id);

    const answer = await server.call('POST', `/messages/${ticket.id}`, {
      token,
      body: {
        body: 'Olá {{firstName}}, {{ms}}! Protocolo {{protocol}} {{unknown}}',
        fromMe: true,
        read: true,
      },
    });
    expect(answer.status).toBe(200);
    const [message] = answer.body.messages;
    expect(message).toMatchObject({ fromMe: true, ack: 0, origin: 'agent', ticketId: ticket.id });
    expect(message.body).toMatch(
      /^Olá João, (Boa madrugada|Bom dia|Boa tarde|Boa noite)! Protocolo \d{14}\d+ $/,
    );
    expect(message.body.endsWith(`${ticket.id} `)).toBe(true);

    const sent = await eventually(async () => phoneSession.sent[0]);
    expect(sent.command).toEqual({ to: phone, text: message.body });
    expect(sent.idempotencyKey).toBe(String(message.id));
    const row = await eventually(async () => {
      const m = await messageRow(company.id, message.id);
      return m.ack === 1 ? m : undefined;
    });
    expect(row.wid).toBe(sent.wid);
    const update = (await eventually(async () =>
      socket.received(`company-${company.id}-appMessage`).find((e: any) => e.action === 'update'),
    )) as any;
    expect(update.message).toMatchObject({ id: message.id, ack: 1, wid: sent.wid });
    socket.close();
  });

  it('raises the ack as WhatsApp reports delivery and reading, never lowering it', async () => {
    const { company, token, ticket, connection, phoneSession } = await conversation();
    const answer = await server.call('POST', `/messages/${ticket.id}`, { token, body: { body: 'ack me' } });
    const id = answer.body.messages[0].id;
    const sent = await eventually(async () => phoneSession.sent[0]);
    await eventually(async () => (await messageRow(company.id, id)).wid !== null);
    for (const ack of [3, 2] as const) {
      await server.messaging.inbound.ingest(connection.descriptor, {
        type: 'message.status',
        wid: sent.wid,
        ack,
      });
    }
    await server.messaging.inbound.idle();
    expect((await messageRow(company.id, id)).ack).toBe(3);
    // WhatsApp's echo of our own message only touches acks.
    await server.messaging.inbound.ingest(
      connection.descriptor,
      inboundMessage({ chatId: sent.command.to, wid: sent.wid, fromMe: true, text: 'ack me' }),
    );
    await server.messaging.inbound.idle();
    const count = await asCompany(server, company.id, (tx) =>
      tx
        .selectFrom('messages')
        .where('ticketId', '=', ticket.id)
        .where('fromMe', '=', true)
        .select('id')
        .execute(),
    );
    expect(count).toHaveLength(1);
  });

  it('resets the unread count when an agent sends', async () => {
    const { company, token, ticket } = await conversation({ messages: 2 });
    await server.call('POST', `/messages/${ticket.id}`, { token, body: { body: 'on it' } });
    const row = await asCompany(server, company.id, (tx) =>
      tx.selectFrom('tickets').where('id', '=', ticket.id).selectAll().executeTakeFirstOrThrow(),
    );
    expect(row).toMatchObject({ unreadMessages: 0, lastMessage: 'on it', fromMe: true });
  });

  it('quotes a message of the ticket and refuses one of another ticket', async () => {
    const { company, token, ticket, phoneSession } = await conversation();
    const [customer] = await asCompany(server, company.id, (tx) =>
      tx.selectFrom('messages').where('ticketId', '=', ticket.id).selectAll().execute(),
    );
    const answer = await server.call('POST', `/messages/${ticket.id}`, {
      token,
      body: { body: 'reply', quotedMsg: { id: customer!.id, body: customer!.body } },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.messages[0].quotedMsg).toMatchObject({ id: customer!.id, body: 'hello 0' });
    const sent = await eventually(async () => phoneSession.sent[0]);
    expect(sent.command.quoted).toEqual({ wid: customer!.wid, fromMe: false, text: 'hello 0' });

    const other = await conversation();
    const [foreign] = await asCompany(server, other.company.id, (tx) =>
      tx.selectFrom('messages').where('ticketId', '=', other.ticket.id).select('id').execute(),
    );
    const refused = await server.call('POST', `/messages/${ticket.id}`, {
      token,
      body: { body: 'reply', quotedMsg: { id: foreign!.id } },
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.fields)).toEqual(['quotedMsg']);
  });

  it('refuses blank text, closed tickets and a disconnected connection, storing nothing', async () => {
    const { company, token, ticket, connection } = await conversation();
    const blank = await server.call('POST', `/messages/${ticket.id}`, { token, body: { body: '   ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.fields).toEqual({ body: 'Required' });

    await asCompany(server, company.id, (tx) =>
      tx.updateTable('whatsapps').set({ status: 'DISCONNECTED' }).where('id', '=', connection.id).execute(),
    );
    const down = await server.call('POST', `/messages/${ticket.id}`, { token, body: { body: 'hi' } });
    expect(down.status).toBe(400);
    expect(down.body.error).toBe('ERR_WAPP_NOT_INITIALIZED');

    await asCompany(server, company.id, (tx) =>
      tx.updateTable('tickets').set({ status: 'closed' }).where('id', '=', ticket.id).execute(),
    );
    const closed = await server.call('POST', `/messages/${ticket.id}`, { token, body: { body: 'hi' } });
    expect(closed.status).toBe(400);
    expect(closed.body.error).toBe('ERR_TICKET_CLOSED');
    const ours = await asCompany(server, company.id, (tx) =>
      tx
        .selectFrom('messages')
        .where('ticketId', '=', ticket.id)
        .where('fromMe', '=', true)
        .select('id')
        .execute(),
    );
    expect(ours).toEqual([]);
  });

  it('answers 404 for a ticket of another company and sends nothing', async () => {
    const { ticket, phoneSession } = await conversation();
    const other = await buildAdminSession(server);
    const answer = await server.call('POST', `/messages/${ticket.id}`, {
      token: other.token,
      body: { body: 'x' },
    });
    expect(answer.status).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(phoneSession.sent).toEqual([]);
  });
});

describe('agents and the customer writing at once', () => {
  it('stores every message of both sides without errors or duplicates', async () => {
    const { company, token, ticket, phone, connection, phoneSession } = await conversation();
    const sends = Array.from({ length: 15 }, (_, i) =>
      server.call('POST', `/messages/${ticket.id}`, { token, body: { body: `agent ${i}` } }),
    );
    const inbound = Array.from({ length: 15 }, (_, i) =>
      server.messaging.inbound.ingest(
        connection.descriptor,
        inboundMessage({ chatId: phone, text: `customer ${i}` }),
      ),
    );
    const answers = await Promise.all(sends);
    await Promise.all(inbound);
    await server.messaging.inbound.idle();
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const rows = await asCompany(server, company.id, (tx) =>
      tx.selectFrom('messages').where('ticketId', '=', ticket.id).select(['body', 'fromMe']).execute(),
    );
    expect(rows.filter((r) => r.fromMe)).toHaveLength(15);
    expect(rows.filter((r) => !r.fromMe)).toHaveLength(16);
    await eventually(async () => phoneSession.sent.length === 15);
    expect(new Set(phoneSession.sent.map((s) => s.command.text)).size).toBe(15);
  });
});

describe('sending failures', () => {
  it('retries a transient failure and then sends once', async () => {
    const { company, token, ticket, phoneSession } = await conversation();
    phoneSession.failures = [new ProviderError('socket closed', true), new ProviderError('timeout', true)];
    const answer = await server.call('POST', `/messages/${ticket.id}`, { token, body: { body: 'retry me' } });
    const id = answer.body.messages[0].id;
    const row = await eventually(async () => {
      const m = await messageRow(company.id, id);
      return m.ack === 1 ? m : undefined;
    });
    expect(row.sendError).toBeNull();
    expect(phoneSession.sent).toHaveLength(1);
    const outbox = await asCompany(server, company.id, (tx) =>
      tx.selectFrom('outbox').where('messageId', '=', id).selectAll().executeTakeFirstOrThrow(),
    );
    expect(outbox).toMatchObject({ status: 'sent', attempts: 3 });
  });

  it('marks the message failed with a readable error once retries run out', async () => {
    const { company, token, ticket, phoneSession } = await conversation();
    phoneSession.failures = Array.from({ length: 5 }, () => new ProviderError('connection lost', true));
    const socket = await connectSocket(baseUrl, token);
    await socket.socket.emitWithAck('joinChatBox', ticket.id);
    const answer = await server.call('POST', `/messages/${ticket.id}`, { token, body: { body: 'doomed' } });
    const id = answer.body.messages[0].id;
    const row = await eventually(async () => {
      const m = await messageRow(company.id, id);
      return m.sendError ? m : undefined;
    }, 10_000);
    expect(row.sendError).toBe('ERR_SENDING_WAPP_MSG: connection lost');
    expect(row.ack).toBe(0);
    const update = (await eventually(async () =>
      socket.received(`company-${company.id}-appMessage`).find((e: any) => e.message?.error),
    )) as any;
    expect(update).toMatchObject({
      action: 'update',
      message: { id, error: 'ERR_SENDING_WAPP_MSG: connection lost' },
    });
    socket.close();
    expect(phoneSession.sent).toEqual([]);
  });

  it('gives up at once on a permanent failure', async () => {
    const { company, token, ticket, phoneSession } = await conversation();
    phoneSession.failures = [new ProviderError('number blocked us', false)];
    const answer = await server.call('POST', `/messages/${ticket.id}`, { token, body: { body: 'blocked' } });
    const id = answer.body.messages[0].id;
    const row = await eventually(async () => {
      const m = await messageRow(company.id, id);
      return m.sendError ? m : undefined;
    });
    expect(row.sendError).toBe('ERR_SENDING_WAPP_MSG: number blocked us');
    const outbox = await asCompany(server, company.id, (tx) =>
      tx.selectFrom('outbox').where('messageId', '=', id).selectAll().executeTakeFirstOrThrow(),
    );
    expect(outbox).toMatchObject({ status: 'failed', attempts: 1 });
  });
});

describe('DELETE /messages/:id', () => {
  async function sentMessage() {
    const setup = await conversation();
    const answer = await server.call('POST', `/messages/${setup.ticket.id}`, {
      token: setup.token,
      body: { body: 'to delete' },
    });
    const id = answer.body.messages[0].id as number;
    await eventually(async () => (await messageRow(setup.company.id, id)).wid !== null);
    return { ...setup, id };
  }

  it('deletes our own message for everyone and marks it deleted', async () => {
    const { company, token, id, phone, phoneSession, ticket } = await sentMessage();
    const socket = await connectSocket(baseUrl, token);
    await socket.socket.emitWithAck('joinChatBox', ticket.id);
    const answer = await server.call('DELETE', `/messages/${id}`, { token });
    expect(answer.status).toBe(200);
    const row = await messageRow(company.id, id);
    expect(row.isDeleted).toBe(true);
    expect(phoneSession.deleted).toEqual([{ chatId: phone, wid: row.wid }]);
    const update = (await socket.waitFor(`company-${company.id}-appMessage`)) as any;
    expect(update).toMatchObject({ action: 'update', message: { id, isDeleted: true } });
    socket.close();
  });

  it("refuses a customer's message", async () => {
    const { company, token, ticket } = await conversation();
    const [customer] = await asCompany(server, company.id, (tx) =>
      tx.selectFrom('messages').where('ticketId', '=', ticket.id).select('id').execute(),
    );
    const answer = await server.call('DELETE', `/messages/${customer!.id}`, { token });
    expect(answer.status).toBe(403);
    expect((await messageRow(company.id, customer!.id)).isDeleted).toBe(false);
  });

  it('answers ERR_DELETE_WAPP_MSG when WhatsApp refuses, and keeps the message', async () => {
    const { company, token, id, phoneSession } = await sentMessage();
    phoneSession.failDeletes = true;
    const answer = await server.call('DELETE', `/messages/${id}`, { token });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('ERR_DELETE_WAPP_MSG');
    expect((await messageRow(company.id, id)).isDeleted).toBe(false);
  });

  it('answers 404 to another company', async () => {
    const { company, id } = await sentMessage();
    const other = await buildAdminSession(server);
    const answer = await server.call('DELETE', `/messages/${id}`, { token: other.token });
    expect(answer.status).toBe(404);
    expect((await messageRow(company.id, id)).isDeleted).toBe(false);
  });
});
