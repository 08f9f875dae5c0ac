import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildAdminSession } from '../../../test/factories';
import { connectSocket } from '../../../test/socket-client';
import { lockChat } from '../../modules/contacts';
import {
  asCompany,
  buildConnection,
  eventually,
  inboundMessage,
  uniquePhone,
} from '../../../test/messaging-fixtures';

let server: TestServer;
let baseUrl: string;
beforeAll(async () => {
  // Connections here are rows with fake sessions: nothing may start real ones behind the tests' back.
  server = await startTestServer({ SESSIONS_AUTOSTART: 'off' });
  baseUrl = await server.listen();
});
afterAll(() => server.close());

async function setup() {
  const session = await buildAdminSession(server);
  const connection = await buildConnection(server, session.company);
  return { ...session, connection, phone: uniquePhone() };
}

const rowsOf = (companyId: number, phone: string) =>
  asCompany(server, companyId, async (tx) => {
    const contacts = await tx.selectFrom('contacts').where('number', '=', phone).selectAll().execute();
    const contactIds = contacts.map((c) => c.id);
    const tickets = contactIds.length
      ? await tx.selectFrom('tickets').where('contactId', 'in', contactIds).selectAll().execute()
      : [];
    const ticketIds = tickets.map((t) => t.id);
    const messages = ticketIds.length
      ? await tx.selectFrom('messages').where('ticketId', 'in', ticketIds).selectAll().orderBy('id').execute()
      : [];
    const cycles = ticketIds.length
      ? await tx
          .selectFrom('ticketTracking')
          .where('ticketId', 'in', ticketIds)
          .selectAll()
          .orderBy('id')
          .execute()
      : [];
    return { contacts, tickets, messages, cycles };
  });

/**
 * Takes a chat's lock as an agent's send does (held until its transaction ends); resolves once it is held, with
 * the function that lets it go.
 */
async function holdChat(companyId: number, whatsappId: number, phone: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked = () => {};
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holder = asCompany(server, companyId, async (tx) => {
    await lockChat(tx, whatsappId, phone);
    locked();
    await released;
  });
  await isLocked;
  return async () => {
    release();
    await holder;
  };
}

describe('an inbound text from a new number', () => {
  it('creates the contact, a pending ticket with a cycle and the message, and tells the company live', async () => {
    const { company, token, connection, phone } = await setup();
    const socket = await connectSocket(baseUrl, token);
    await socket.socket.emitWithAck('joinNotification');
    await socket.socket.emitWithAck('joinTickets', 'pending');

    await server.messaging.inbound.ingest(
      connection.descriptor,
      inboundMessage({ chatId: phone, pushName: 'Maria Souza', text: 'Oi, preciso de ajuda' }),
    );

    const created = (await socket.waitFor(`company-${company.id}-appMessage`)) as any;
    expect(created.action).toBe('create');
    expect(created.message).toMatchObject({
      body: 'Oi, preciso de ajuda',
      fromMe: false,
      origin: 'customer',
      ack: 0,
    });
    expect(created.ticket).toMatchObject({
      status: 'pending',
      unreadMessages: 1,
      lastMessage: 'Oi, preciso de ajuda',
    });
    expect(created.ticket.whatsapp).toEqual({ id: connection.id, name: connection.descriptor.name });
    expect(created.contact).toMatchObject({ name: 'Maria Souza', number: phone });
    const ticketEvent = (await socket.waitFor(`company-${company.id}-ticket`)) as any;
    expect(ticketEvent).toMatchObject({
      action: 'update',
      ticket: { id: created.ticket.id, status: 'pending' },
    });
    const contactEvent = (await socket.waitFor(`company-${company.id}-contact`)) as any;
    expect(contactEvent).toMatchObject({ action: 'create', contact: { number: phone, name: 'Maria Souza' } });
    socket.close();

    const rows = await rowsOf(company.id, phone);
    expect(rows.contacts).toHaveLength(1);
    expect(rows.contacts[0]).toMatchObject({ name: 'Maria Souza', whatsappId: connection.id });
    expect(rows.tickets).toHaveLength(1);
    expect(rows.tickets[0]).toMatchObject({
      status: 'pending',
      whatsappId: connection.id,
      unreadMessages: 1,
    });
    expect(rows.messages).toHaveLength(1);
    expect(rows.cycles).toHaveLength(1);
    expect(rows.cycles[0]?.finishedAt).toBeNull();
    expect(rows.cycles[0]?.queuedAt).toBeInstanceOf(Date);
  });

  it('emits nothing to another company', async () => {
    const { connection, phone } = await setup();
    const other = await buildAdminSession(server);
    const socket = await connectSocket(baseUrl, other.token);
    await socket.socket.emitWithAck('joinNotification');
    await server.messaging.inbound.ingest(connection.descriptor, inboundMessage({ chatId: phone }));
    await server.messaging.inbound.idle();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(socket.events.filter((e) => e.event.includes('appMessage'))).toEqual([]);
    socket.close();
  });
});

describe('idempotency and order', () => {
  it('stores a message once when the same event is delivered three times', async () => {
    const { company, connection, phone } = await setup();
    const event = inboundMessage({ chatId: phone, text: 'once' });
    await server.messaging.inbound.ingest(connection.descriptor, event);
    await server.messaging.inbound.ingest(connection.descriptor, event);
    await server.messaging.inbound.idle();
    await server.messaging.inbound.ingest(connection.descriptor, event);
    await server.messaging.inbound.idle();

    const rows = await rowsOf(company.id, phone);
    expect(rows.messages.map((m) => m.body)).toEqual(['once']);
    expect(rows.tickets).toHaveLength(1);
    expect(rows.tickets[0]?.unreadMessages).toBe(1);
  });

  it('keeps 50 concurrent messages of one contact, each once, in arrival order, in one ticket', async () => {
    const { company, connection, phone } = await setup();
    const events = Array.from({ length: 50 }, (_, i) => inboundMessage({ chatId: phone, text: `m${i}` }));
    // Arrival order is the order the events are stored in; store them one after the other, process concurrently.
    for (const event of events) await server.messaging.inbound.ingest(connection.descriptor, event);
    await Promise.all(events.map((event) => server.messaging.inbound.ingest(connection.descriptor, event)));
    await server.messaging.inbound.idle();

    const rows = await rowsOf(company.id, phone);
    expect(rows.contacts).toHaveLength(1);
    expect(rows.tickets).toHaveLength(1);
    expect(rows.messages.map((m) => m.body)).toEqual(events.map((_, i) => `m${i}`));
    expect(rows.tickets[0]?.unreadMessages).toBe(50);
    expect(rows.cycles).toHaveLength(1);
    expect(new Set(rows.messages.map((m) => m.trackingId))).toEqual(new Set([rows.cycles[0]?.id]));
  });

  it('handles 50 messages ingested all at once without losing or duplicating any', async () => {
    const { company, connection, phone } = await setup();
    const events = Array.from({ length: 50 }, (_, i) => inboundMessage({ chatId: phone, text: `c${i}` }));
    await Promise.all(events.map((event) => server.messaging.inbound.ingest(connection.descriptor, event)));
    await server.messaging.inbound.idle();

    const rows = await rowsOf(company.id, phone);
    expect(rows.tickets).toHaveLength(1);
    expect(rows.messages.map((m) => m.body).sort()).toEqual(events.map((_, i) => `c${i}`).sort());
    expect(rows.tickets[0]?.unreadMessages).toBe(50);
  });

  it('keeps every chat in its own order when many customers write at once', async () => {
    const { company, connection } = await setup();
    const phones = Array.from({ length: 20 }, () => uniquePhone());
    // Chats interleave (processed many per transaction); within a chat each message is stored after the last.
    await Promise.all(
      phones.map(async (phone, c) => {
        for (let i = 0; i < 8; i++) {
          const event = inboundMessage({ chatId: phone, pushName: `Cliente ${c}`, text: `${c}-${i}` });
          await server.messaging.inbound.ingest(connection.descriptor, event);
        }
      }),
    );
    await server.messaging.inbound.idle();

    for (const [c, phone] of phones.entries()) {
      const rows = await rowsOf(company.id, phone);
      expect(rows.contacts.map((contact) => contact.name)).toEqual([`Cliente ${c}`]);
      expect(rows.tickets).toHaveLength(1);
      expect(rows.tickets[0]).toMatchObject({ status: 'pending', unreadMessages: 8, lastMessage: `${c}-7` });
      expect(rows.messages.map((m) => m.body)).toEqual(Array.from({ length: 8 }, (_, i) => `${c}-${i}`));
      expect(rows.cycles).toHaveLength(1);
    }
  });

  it('waits while a send holds the chat, then processes its events', async () => {
    const { company, connection, phone } = await setup();
    const release = await holdChat(company.id, connection.id, phone);
    await server.messaging.inbound.ingest(
      connection.descriptor,
      inboundMessage({ chatId: phone, text: 'held' }),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await rowsOf(company.id, phone)).messages).toEqual([]);

    await release();
    // Looked at again every few milliseconds (or, after a long hold, by the sweep).
    const messages = await eventually(async () => {
      const rows = await rowsOf(company.id, phone);
      return rows.messages.length > 0 && rows.messages;
    }, 10_000);
    expect(messages.map((m) => m.body)).toEqual(['held']);
  });

  it('processes an event a crash left stored but unprocessed, through the sweep', async () => {
    const { company, connection, phone } = await setup();
    const event = inboundMessage({ chatId: phone, text: 'left behind' });
    await asCompany(server, company.id, (tx) =>
      tx
        .insertInto('inboundEvents')
        .values({
          companyId: company.id,
          whatsappId: connection.id,
          provider: 'simulator',
          eventId: event.message.wid,
          chatKey: phone,
          payload: JSON.stringify(event),
          receivedAt: new Date(Date.now() - 60_000),
        })
        .execute(),
    );
    const message = await eventually(async () => (await rowsOf(company.id, phone)).messages[0], 10_000);
    expect(message.body).toBe('left behind');
    const stored = await asCompany(server, company.id, (tx) =>
      tx
        .selectFrom('inboundEvents')
        .where('whatsappId', '=', connection.id)
        .selectAll()
        .executeTakeFirstOrThrow(),
    );
    expect(stored).toMatchObject({ status: 'processed', attempts: 1 });
  });
});

describe('a failing event', () => {
  it('lets the events before it through, holds the ones after it, and is given up after five attempts', async () => {
    const { company, connection, phone } = await setup();
    const first = inboundMessage({ chatId: phone, text: 'before' });
    const after = inboundMessage({ chatId: phone, text: 'after' });
    // A payload no handler can read, stored between two good ones of the same chat.
    const broken = { type: 'contacts.sync', contacts: null };
    const rows = [
      [first.message.wid, first],
      ['broken-1', broken],
      [after.message.wid, after],
    ] as const;
    for (const [eventId, payload] of rows) {
      await asCompany(server, company.id, (tx) =>
        tx
          .insertInto('inboundEvents')
          .values({
            companyId: company.id,
            whatsappId: connection.id,
            provider: 'simulator',
            eventId,
            chatKey: phone,
            payload: JSON.stringify(payload),
          })
          .execute(),
      );
    }
    const chat = { companyId: company.id, whatsappId: connection.id, chatKey: phone };
    const eventsOf = () =>
      asCompany(server, company.id, (tx) =>
        tx
          .selectFrom('inboundEvents')
          .where('whatsappId', '=', connection.id)
          .select(['eventId', 'status', 'attempts', 'lastError'])
          .orderBy('id')
          .execute(),
      );

    server.messaging.inbound.kick(chat);
    await server.messaging.inbound.idle();
    expect((await rowsOf(company.id, phone)).messages.map((m) => m.body)).toEqual(['before']);
    const held = await eventsOf();
    expect(held.map((e) => [e.status, e.attempts])).toEqual([
      ['processed', 1],
      ['received', 1],
      ['received', 0],
    ]);
    expect(held[1]?.lastError).toBeTruthy();

    await asCompany(server, company.id, (tx) =>
      tx.updateTable('inboundEvents').set({ attempts: 4 }).where('eventId', '=', 'broken-1').execute(),
    );
    server.messaging.inbound.kick(chat);
    await server.messaging.inbound.idle();
    server.messaging.inbound.kick(chat);
    await server.messaging.inbound.idle();
    expect((await eventsOf()).map((e) => e.status)).toEqual(['processed', 'failed', 'processed']);
    expect((await rowsOf(company.id, phone)).messages.map((m) => m.body)).toEqual(['before', 'after']);
  });
});

describe('tickets on inbound messages', () => {
  it('brings a closed ticket back to pending without user or queue, with a new cycle', async () => {
    const { company, admin, connection, phone } = await setup();
    await server.messaging.inbound.ingest(
      connection.descriptor,
      inboundMessage({ chatId: phone, text: 'first' }),
    );
    await server.messaging.inbound.idle();
    const { tickets } = await rowsOf(company.id, phone);
    const ticketId = tickets[0]!.id;
    await asCompany(server, company.id, async (tx) => {
      await tx
        .updateTable('tickets')
        .set({ status: 'closed', userId: admin.id, chatbot: true })
        .where('id', '=', ticketId)
        .execute();
      await tx
        .updateTable('ticketTracking')
        .set({ finishedAt: new Date() })
        .where('ticketId', '=', ticketId)
        .execute();
    });

    await server.messaging.inbound.ingest(
      connection.descriptor,
      inboundMessage({ chatId: phone, text: 'again' }),
    );
    await server.messaging.inbound.idle();

    const rows = await rowsOf(company.id, phone);
    expect(rows.tickets).toHaveLength(1);
    expect(rows.tickets[0]).toMatchObject({
      id: ticketId,
      status: 'pending',
      userId: null,
      queueId: null,
      chatbot: false,
    });
    expect(rows.cycles).toHaveLength(2);
    expect(rows.cycles[1]?.finishedAt).toBeNull();
    // Each message belongs to the cycle it arrived in.
    expect(rows.messages.map((m) => [m.body, m.trackingId])).toEqual([
      ['first', rows.cycles[0]?.id],
      ['again', rows.cycles[1]?.id],
    ]);
  });

  it('refreshes the contact name from the profile unless staff edited it', async () => {
    const { company, connection, phone } = await setup();
    const ingest = async (pushName: string) => {
      await server.messaging.inbound.ingest(
        connection.descriptor,
        inboundMessage({ chatId: phone, pushName }),
      );
      await server.messaging.inbound.idle();
      return (await rowsOf(company.id, phone)).contacts[0]?.name;
    };
    expect(await ingest('Ana')).toBe('Ana');
    expect(await ingest('Ana Paula')).toBe('Ana Paula');
    await asCompany(server, company.id, (tx) =>
      tx
        .updateTable('contacts')
        .set({ name: 'Cliente VIP', nameEditedByUser: true })
        .where('number', '=', phone)
        .execute(),
    );
    expect(await ingest('Ana P.')).toBe('Cliente VIP');
  });

  it('stores what we typed on our own phone without changing the ticket status or unread count', async () => {
    const { company, connection, phone } = await setup();
    await server.messaging.inbound.ingest(
      connection.descriptor,
      inboundMessage({ chatId: phone, fromMe: true, pushName: 'Our Company', text: 'typed on the phone' }),
    );
    await server.messaging.inbound.idle();
    const rows = await rowsOf(company.id, phone);
    expect(rows.contacts[0]?.name).toBe(phone);
    expect(rows.tickets[0]).toMatchObject({ status: 'closed', unreadMessages: 0, fromMe: true });
    expect(rows.cycles).toHaveLength(0);
    expect(rows.messages[0]).toMatchObject({ origin: 'phone', fromMe: true, body: 'typed on the phone' });
  });
});

describe("a chat's messages processed in one round", () => {
  /** Holds the chat as a send would, stores the events, then lets them through together. */
  async function inOneRound(
    companyId: number,
    connection: Awaited<ReturnType<typeof setup>>['connection'],
    phone: string,
    texts: string[],
  ) {
    const release = await holdChat(companyId, connection.id, phone);
    for (const text of texts) {
      await server.messaging.inbound.ingest(connection.descriptor, inboundMessage({ chatId: phone, text }));
    }
    await release();
    await eventually(async () => {
      const rows = await rowsOf(companyId, phone);
      return rows.messages.some((m) => m.body === texts.at(-1)) && rows;
    }, 10_000);
    await server.messaging.inbound.idle();
    return rowsOf(companyId, phone);
  }

  /** A chat whose customer said 'oi' and whose ticket an agent then took (open, read). */
  async function attendedChat() {
    const chat = await setup();
    const { company, admin, connection, phone } = chat;
    await server.messaging.inbound.ingest(
      connection.descriptor,
      inboundMessage({ chatId: phone, text: 'oi' }),
    );
    await server.messaging.inbound.idle();
    const [ticket] = (await rowsOf(company.id, phone)).tickets;
    await asCompany(server, company.id, (tx) =>
      tx
        .updateTable('tickets')
        .set({ status: 'open', userId: admin.id, unreadMessages: 0 })
        .where('id', '=', ticket!.id)
        .execute(),
    );
    return chat;
  }

  it("counts every message of an attended ticket and leaves the attendant's ticket as it was", async () => {
    const { company, admin, connection, phone } = await attendedChat();

    const rows = await inOneRound(company.id, connection, phone, ['a', 'b', 'c']);
    expect(rows.messages.map((m) => m.body)).toEqual(['oi', 'a', 'b', 'c']);
    expect(rows.tickets).toHaveLength(1);
    expect(rows.tickets[0]).toMatchObject({
      status: 'open',
      userId: admin.id,
      unreadMessages: 3,
      lastMessage: 'c',
    });
    expect(rows.cycles).toHaveLength(1);
  });

  it('reads the ticket again after the bot moved it: the next message lands in the chosen queue', async () => {
    const { company, connection, phone } = await setup();
    const queues = await asCompany(server, company.id, async (tx) => {
      const made = await tx
        .insertInto('queues')
        .values([
          { companyId: company.id, name: `Vendas ${phone}`, color: '#123456', orderQueue: 1 },
          { companyId: company.id, name: `Suporte ${phone}`, color: '#654321', orderQueue: 2 },
        ])
        .returning('id')
        .execute();
      await tx
        .insertInto('whatsappQueues')
        .values(made.map((q) => ({ companyId: company.id, whatsappId: connection.id, queueId: q.id })))
        .execute();
      await tx
        .updateTable('whatsapps')
        .set({ greetingMessage: 'Escolha:' })
        .where('id', '=', connection.id)
        .execute();
      return made;
    });
    await server.messaging.inbound.ingest(
      connection.descriptor,
      inboundMessage({ chatId: phone, text: 'oi' }),
    );
    await server.messaging.inbound.idle();
    expect((await rowsOf(company.id, phone)).tickets[0]?.queueId).toBeNull();

    const rows = await inOneRound(company.id, connection, phone, ['1', 'quero comprar']);
    const chosen = queues[0]!.id;
    expect(rows.tickets[0]?.queueId).toBe(chosen);
    const customer = rows.messages.filter((m) => !m.fromMe);
    expect(customer.map((m) => [m.body, m.queueId])).toEqual([
      ['oi', null],
      ['1', null],
      ['quero comprar', chosen],
    ]);
  });

  it('writes the ticket touches that waited before a statement that could see the ticket', async () => {
    const { company, connection, phone } = await attendedChat();

    // 'b' touches the ticket in memory only; the message typed on our phone reads the ticket, so the touch is
    // written before it, and our message ends as the ticket's last one.
    const release = await holdChat(company.id, connection.id, phone);
    for (const text of ['a', 'b']) {
      await server.messaging.inbound.ingest(connection.descriptor, inboundMessage({ chatId: phone, text }));
    }
    const typed = inboundMessage({ chatId: phone, text: 'já respondo', fromMe: true });
    await server.messaging.inbound.ingest(connection.descriptor, typed);
    await release();
    await eventually(async () => {
      const rows = await rowsOf(company.id, phone);
      return rows.messages.some((m) => m.body === 'já respondo');
    }, 10_000);
    await server.messaging.inbound.idle();

    const rows = await rowsOf(company.id, phone);
    expect(rows.messages.map((m) => m.body)).toEqual(['oi', 'a', 'b', 'já respondo']);
    expect(rows.tickets[0]).toMatchObject({ lastMessage: 'já respondo', fromMe: true, unreadMessages: 2 });
  });
});
