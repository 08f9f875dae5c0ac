import { sql } from 'kysely';
import { expect } from 'vitest';
import { buildAdminSession, type BuiltCompany } from '../../../test/factories';
import type { TestServer } from '../../../test/harness';
import {
  asCompany,
  buildConnection,
  fakeSession,
  inboundMessage,
  uniquePhone,
  type BuiltConnection,
} from '../../../test/messaging-fixtures';

/** One send the fake phone was asked for. */
export interface ProbedSend {
  messageId: number;
  text: string | undefined;
  at: number;
  /** How many earlier sends had no wid stored yet: 0 when this send opened a transaction of its own. */
  unstoredBefore: number;
}

/** How the phone answers a send (`send`: as a phone does); a test may fail it or change its answer. */
export type Answer = (key: string, send: () => Promise<{ wid: string }>) => Promise<{ wid: string }>;

/** What the outbox batch tests share: queued replies, a fake phone that sees the batches, and the rows' state. */
export type OutboxBatchKit = ReturnType<typeof outboxBatchKit>;

export function outboxBatchKit(server: TestServer) {
  /** Runs `fn` with the worker's common send limit set to `rate`, then puts the old one back. */
  async function withRate<T>(
    rate: { capacity: number; perSecond: number },
    fn: () => Promise<T>,
  ): Promise<T> {
    const { worker } = server.messaging.outbound;
    const before = { ...worker.rate };
    Object.assign(worker.rate, rate);
    try {
      return await fn();
    } finally {
      Object.assign(worker.rate, before);
    }
  }

  /**
   * A customer's message on the connection, and its ticket taken by the agent, who opened the chat: the read
   * receipt is queued then, ahead of any reply.
   */
  async function openedChat(
    session: { company: BuiltCompany; token: string; admin: { id: number } },
    connection: BuiltConnection,
  ) {
    const { company, token, admin } = session;
    const phone = uniquePhone();
    await server.messaging.inbound.ingest(
      connection.descriptor,
      inboundMessage({ chatId: phone, text: 'Oi' }),
    );
    await server.messaging.inbound.idle();
    const customer = await asCompany(server, company.id, (tx) =>
      tx
        .selectFrom('messages')
        .innerJoin('contacts', 'contacts.id', 'messages.contactId')
        .where('contacts.number', '=', phone)
        .select(['messages.id', 'messages.ticketId', 'messages.wid', 'messages.body', 'contacts.number'])
        .executeTakeFirstOrThrow(),
    );
    const accepted = await server.call('PUT', `/tickets/${customer.ticketId}`, {
      token,
      body: { status: 'open', userId: admin.id },
    });
    expect(accepted.status).toBe(200);
    const opened = await server.call('GET', `/messages/${customer.ticketId}`, { token });
    expect(opened.status).toBe(200);
    return customer;
  }

  /**
   * A customer's ticket on a connection whose session is not up yet, and `count` replies of ours queued for it (the
   * `quoteAt`-th quoting the customer's message). Answers the replies' message ids in order.
   */
  async function queuedReplies(count: number, options: { quoteAt?: number } = {}) {
    const session = await buildAdminSession(server);
    const { company, token } = session;
    const connection = await buildConnection(server, company);
    const customer = await openedChat(session, connection);
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const quotedMsg = i === options.quoteAt ? { quotedMsg: { id: customer.id, body: customer.body } } : {};
      const answer = await server.call('POST', `/messages/${customer.ticketId}`, {
        token,
        body: { body: `reply ${i}`, ...quotedMsg },
      });
      expect(answer.status).toBe(200);
      ids.push(answer.body.messages[0].id as number);
    }
    return { session, company, token, connection, customer, ids };
  }

  /**
   * The connection's session comes up, played by a fake phone that notes each send it is asked for. Before each send
   * it looks (from another database connection) at the messages it already sent: their wids are stored by the batch
   * after its last send, so the ones still without a wid are the earlier sends of the same batch.
   */
  function probedPhone(
    company: BuiltCompany,
    connection: BuiltConnection,
    options: { answer?: Answer } = {},
  ) {
    const session = fakeSession(server, connection.id);
    const calls: ProbedSend[] = [];
    const sentIds: number[] = [];
    const send = session.send.bind(session);
    session.send = async (command, key) => {
      const unstored = sentIds.length
        ? await asCompany(server, company.id, (tx) =>
            tx
              .selectFrom('messages')
              .where(sql<boolean>`id = any(${sentIds}::int[])`)
              .where('wid', 'is', null)
              .select('id')
              .execute(),
          )
        : [];
      const call = {
        messageId: Number(key),
        text: command.text,
        at: Date.now(),
        unstoredBefore: unstored.length,
      };
      calls.push(call);
      const answer = await (options.answer
        ? options.answer(key, () => send(command, key))
        : send(command, key));
      sentIds.push(call.messageId);
      return answer;
    };
    /** The sizes of the transactions the sends went out in, in order. */
    const batchSizes = () =>
      calls.reduce<number[]>((sizes, call) => {
        if (call.unstoredBefore === 0) sizes.push(0);
        sizes[sizes.length - 1] = (sizes.at(-1) ?? 0) + 1;
        return sizes;
      }, []);
    return { session, calls, batchSizes };
  }

  const messagesOf = (companyId: number, ids: number[]) =>
    asCompany(server, companyId, (tx) =>
      tx
        .selectFrom('messages')
        .where(sql<boolean>`id = any(${ids}::int[])`)
        .orderBy('id')
        .select(['id', 'wid', 'ack', 'sendError'])
        .execute(),
    );

  const outboxOf = (companyId: number, ids: number[]) =>
    asCompany(server, companyId, (tx) =>
      tx
        .selectFrom('outbox')
        .where(sql<boolean>`message_id = any(${ids}::int[])`)
        .orderBy('messageId')
        .select(['messageId', 'status', 'attempts', 'lastError', 'nextAttemptAt'])
        .execute(),
    );

  const allSent = async (companyId: number, ids: number[]) =>
    (await messagesOf(companyId, ids)).every((m) => m.wid !== null);

  /** Makes the messages' queued sends campaign sends, as a campaign's enqueueMany stores them (bulk). */
  async function makeBulk(companyId: number, messageIds: number[]) {
    await asCompany(server, companyId, (tx) =>
      tx
        .updateTable('outbox')
        .set({ bulk: true })
        .where(sql<boolean>`message_id = any(${messageIds}::int[])`)
        .execute(),
    );
  }

  return { withRate, openedChat, queuedReplies, makeBulk, probedPhone, messagesOf, outboxOf, allSent };
}
