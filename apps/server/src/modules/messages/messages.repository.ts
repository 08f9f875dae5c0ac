import { sql, type Insertable, type Selectable } from 'kysely';
import { StatementTemplate } from '../../platform/db/statement-template';
import type { MessagesTable } from '../../platform/db/schema';
import type { TenantTx } from '../../platform/tenancy';
import { ticketRefs } from '../tickets';
import { lastMediaTypeOf } from './last-media-type';

export type MessageRow = Selectable<MessagesTable>;
export type NewMessage = Omit<Insertable<MessagesTable>, 'companyId' | 'trackingId'> & {
  /** The ticket's open attendance cycle when the caller holds it; otherwise the latest one is looked up. */
  trackingId?: number;
};

/**
 * Stores a message in its ticket's latest attendance cycle; a wid already stored on that connection (redelivery,
 * our own echo) stores nothing and answers undefined: the unique key (company, whatsapp, wid) decides.
 */
export async function insertMessage(tx: TenantTx, values: NewMessage): Promise<MessageRow | undefined> {
  const [row] = await insertMessageStatement.run(tx, values);
  return row;
}

export const insertMessageStatement = new StatementTemplate((tx, values: NewMessage) =>
  tx
    .insertInto('messages')
    .values((eb) => ({
      ...values,
      companyId: tx.companyId,
      // Callers run inside the ticket's serialised section, so the latest cycle is the one being served.
      trackingId:
        values.trackingId ??
        eb
          .selectFrom('ticketTracking')
          .where('ticketId', '=', values.ticketId)
          .select('id')
          .orderBy('id', 'desc')
          .limit(sql.lit(1)),
    }))
    .onConflict((oc) => oc.columns(['companyId', 'whatsappId', 'wid']).doNothing())
    .returningAll(),
);

export function findMessageByWid(
  tx: TenantTx,
  whatsappId: number,
  wid: string,
): Promise<MessageRow | undefined> {
  return tx
    .selectFrom('messages')
    .where('whatsappId', '=', whatsappId)
    .where('wid', '=', wid)
    .selectAll()
    .executeTakeFirst();
}

export function findMessage(tx: TenantTx, id: number): Promise<MessageRow | undefined> {
  return tx.selectFrom('messages').where('id', '=', id).selectAll().executeTakeFirst();
}

/** What stored messages change on their ticket (server-behaviour 6.3); a type, so templates take it. */
export type TicketTouch = {
  lastMessage: string;
  lastMediaType: string | null;
  fromMe: boolean;
  updatedAt: Date;
  /** Added to the ticket's unread counter. */
  unreadAdded: number;
  /** Added to the ticket's messages per queue (tickets.message_counts, migration 2026112294), as JSON. */
  messagesAdded: string;
};

/**
 * The touch of messages just stored in one ticket, the last of them the newest: its last message, fromMe and
 * updatedAt, the kind of media when that message has no text, and the count of messages per queue.
 */
export function touchOf(messages: MessageRow[], options: { countUnread: boolean }): TicketTouch {
  return {
    ...lastMessageTouch(messages, options),
    messagesAdded: JSON.stringify(addMessageCounts({}, messages)),
  };
}

/** A touch without its counts (TicketTouches sums those itself). */
export function lastMessageTouch(
  messages: MessageRow[],
  options: { countUnread: boolean },
): Omit<TicketTouch, 'messagesAdded'> {
  const last = messages.at(-1);
  if (!last) throw new Error('a ticket touch needs a stored message');
  return {
    lastMessage: last.body,
    lastMediaType: lastMediaTypeOf(last),
    fromMe: last.fromMe,
    updatedAt: new Date(),
    unreadAdded: options.countUnread ? messages.length : 0,
  };
}

/** Message counts per queue id, `none` for no queue: the keys of tickets.message_counts. */
export type MessageCounts = Record<string, number>;

/** The messages a viewer sees (server-behaviour 6.1): of the given queues and of none, or all when `queues` is null. */
export function visibleMessageCount(counts: MessageCounts, queues: number[] | null): number {
  let total = 0;
  for (const [key, messages] of Object.entries(counts)) {
    if (queues === null || key === 'none' || queues.includes(Number(key))) total += messages;
  }
  return total;
}

/** `counts` with `messages` added, each under its queue. */
export function addMessageCounts(counts: MessageCounts, messages: MessageRow[]): MessageCounts {
  const sum = { ...counts };
  for (const message of messages) {
    const key = message.queueId === null ? 'none' : String(message.queueId);
    sum[key] = (sum[key] ?? 0) + 1;
  }
  return sum;
}

/**
 * Every stored message updates its ticket (touchOf); answers the ticket with what its answer shape needs, in the
 * same round trip. `messages` are the ones this transaction just stored in the ticket, the newest last.
 */
export async function touchTicketWithMessages(
  tx: TenantTx,
  ticketId: number,
  messages: MessageRow[],
  options: { countUnread: boolean },
) {
  const [ticket] = await touchTicketStatement.run(tx, { ticketId, ...touchOf(messages, options) });
  if (!ticket) throw new Error(`ticket ${ticketId} not found to store its last message`);
  return ticket;
}

const touchTicketStatement = new StatementTemplate((tx, args: TicketTouch & { ticketId: number }) =>
  tx
    .updateTable('tickets')
    .set((eb) => ({
      lastMessage: args.lastMessage,
      lastMediaType: args.lastMediaType,
      fromMe: args.fromMe,
      updatedAt: args.updatedAt,
      unreadMessages: eb('unreadMessages', '+', args.unreadAdded),
      messageCounts: sql`add_message_counts(tickets.message_counts, ${args.messagesAdded}::jsonb)`,
    }))
    .where('id', '=', args.ticketId)
    .returningAll()
    .returning((eb) => ticketRefs(eb)),
);

/** Acks only go up (server-behaviour 6.3); answers the message when this one raised it. */
export async function raiseAck(
  tx: TenantTx,
  where: { id: number } | { whatsappId: number; wid: string },
  ack: number,
): Promise<MessageRow | undefined> {
  let query = tx.updateTable('messages').set({ ack, updatedAt: new Date() }).where('ack', '<', ack);
  query =
    'id' in where
      ? query.where('id', '=', where.id)
      : query.where('whatsappId', '=', where.whatsappId).where('wid', '=', where.wid);
  return query.returningAll().executeTakeFirst();
}
