import { sql, type Insertable } from 'kysely';
import type { MessagesTable } from '../../platform/db/schema';
import type { TenantTx } from '../../platform/tenancy';
import { chatIdOfContact, lockChats, presentContact, type ContactRow } from '../contacts';
import { emitTicketUpdate, presentTicketRow, ticketRefs, type TicketRow } from '../tickets';
import { emitMessageCreated } from './messages.events';
import { presentUnquotedMessage } from './messages.presenter';
import { touchOf, type MessageRow } from './messages.repository';
import type { OutgoingEnv, OutgoingTask } from './outbox.port';
import { mediaTypeOf, type MessageOrigin, type OutgoingPart } from './store-outgoing';

/** One contact's messages of a batch: stored in order in its ticket. */
export interface OutgoingSend {
  ticket: TicketRow;
  contact: ContactRow;
  parts: OutgoingPart[];
}

/**
 * `sendMessage` for many tickets of one connection at once (a campaign batch): the chats' locks, one insert of
 * every message, one of their outbox rows (`bulk`: behind the connection's conversations) and one update of the
 * tickets, whatever the count, all in the caller's transaction. After commit the same events as `sendMessage`
 * go out and the queue runs. Answers each send's stored message ids, in the order given.
 */
export async function storeOutgoingMany(
  tx: TenantTx,
  env: OutgoingEnv,
  whatsappId: number,
  sends: OutgoingSend[],
  options: { origin: MessageOrigin; bulk: boolean },
): Promise<number[][]> {
  if (sends.length === 0) return [];
  for (const { ticket } of sends) {
    if (ticket.whatsappId !== whatsappId)
      throw new Error(`ticket ${ticket.id} is not on connection ${whatsappId}`);
  }
  await lockChats(
    tx,
    sends.map((s) => ({ whatsappId, chatKey: chatIdOfContact(s.contact) })),
  );
  const cycles = await latestCycles(
    tx,
    sends.map((s) => s.ticket.id),
  );
  const values: Array<Insertable<MessagesTable>> = sends.flatMap(({ ticket, contact, parts }) =>
    parts.map((part) => ({
      companyId: tx.companyId,
      ticketId: ticket.id,
      contactId: contact.id,
      queueId: ticket.queueId,
      whatsappId,
      trackingId: cycles.get(ticket.id) ?? null,
      body: part.body || (part.media?.fileName ?? ''),
      fromMe: true,
      read: true,
      mediaType: part.media ? mediaTypeOf(part.media.mimetype) : 'conversation',
      mediaPath: part.media?.path ?? null,
      mediaName: part.media?.fileName ?? null,
      ack: 0,
      origin: options.origin,
    })),
  );
  const inserted = await tx.insertInto('messages').values(values).returningAll().execute();
  // Ids are drawn in the order the rows were given: sorted, they line up with `values` again.
  const stored = inserted.sort((a, b) => a.id - b.id);
  if (stored.length !== values.length) throw new Error('outgoing messages not stored');

  const tasks: OutgoingTask[] = [];
  const perSend: MessageRow[][] = [];
  let at = 0;
  for (const { contact, parts } of sends) {
    const chatId = chatIdOfContact(contact);
    const messages = stored.slice(at, at + parts.length);
    at += parts.length;
    perSend.push(messages);
    parts.forEach((part, i) => {
      const message = messages[i];
      if (!message) throw new Error('outgoing message missing');
      const captioned = part.body !== '' && message.mediaType !== 'audio';
      tasks.push({
        kind: 'send',
        messageId: message.id,
        chatId,
        ...(part.media ? {} : { text: part.body }),
        ...(part.media ? { media: { ...part.media, ...(captioned ? { caption: part.body } : {}) } } : {}),
      });
    });
  }
  await env.outbox.enqueueMany(tx, whatsappId, tasks, { bulk: options.bulk });

  const touched = await touchTickets(tx, sends, perSend);
  const events = sends.map(({ ticket, contact }, i) => {
    const row = touched.get(ticket.id);
    if (!row) throw new Error(`ticket ${ticket.id} not found to store its last message`);
    return {
      messages: (perSend[i] ?? []).map((m) => presentUnquotedMessage(env.storage, m, contact)),
      ticket: presentTicketRow(row, contact, env.ctx.config.frontendUrl),
      contact: presentContact(contact, env.ctx.config.frontendUrl),
    };
  });
  tx.afterCommit(() => {
    for (const { messages, ticket, contact } of events) {
      for (const message of messages) {
        emitMessageCreated(env.ctx.realtime, tx.companyId, { message, ticket, contact });
      }
      emitTicketUpdate(env.ctx.realtime, tx.companyId, ticket);
    }
    env.outbox.kick(whatsappId);
  });
  return perSend.map((messages) => messages.map((m) => m.id));
}

/** Each ticket's latest attendance cycle (callers hold the chats' locks: it is the one being served). */
async function latestCycles(tx: TenantTx, ticketIds: number[]): Promise<Map<number, number>> {
  const rows = await tx
    .selectFrom('ticketTracking')
    .where(sql<boolean>`ticket_id = any(${ticketIds}::int[])`)
    .distinctOn('ticketId')
    .select(['ticketId', 'id'])
    .orderBy('ticketId')
    .orderBy('id', 'desc')
    .execute();
  return new Map(rows.map((r) => [r.ticketId, r.id]));
}

/** Every ticket's touch (its last message, counts per queue) in one statement, answered with its references. */
async function touchTickets(tx: TenantTx, sends: OutgoingSend[], perSend: MessageRow[][]) {
  const touches = new Map<number, ReturnType<typeof touchOf>>();
  sends.forEach(({ ticket }, i) => {
    const messages = perSend[i] ?? [];
    // A ticket twice in one batch: its touches in order, the later one's last message winning.
    const earlier = touches.get(ticket.id);
    const touch = touchOf(messages, { countUnread: false });
    if (earlier) {
      const counts = JSON.parse(earlier.messagesAdded) as Record<string, number>;
      for (const [key, n] of Object.entries(JSON.parse(touch.messagesAdded) as Record<string, number>)) {
        counts[key] = (counts[key] ?? 0) + n;
      }
      touch.messagesAdded = JSON.stringify(counts);
    }
    touches.set(ticket.id, touch);
  });
  const list = [...touches];
  const rows = await tx
    .updateTable('tickets')
    .from(
      sql<{ id: number }>`(select unnest(${list.map(([id]) => id)}::int[]) as id,
        unnest(${list.map(([, t]) => t.lastMessage)}::text[]) as last_message,
        unnest(${list.map(([, t]) => t.lastMediaType)}::text[]) as last_media_type,
        unnest(${list.map(([, t]) => t.messagesAdded)}::jsonb[]) as messages_added)`.as('touch'),
    )
    .set({
      lastMessage: sql`touch.last_message`,
      lastMediaType: sql`touch.last_media_type`,
      fromMe: true,
      updatedAt: sql`now()`,
      messageCounts: sql`add_message_counts(tickets.message_counts, touch.messages_added)`,
    })
    .where(sql<boolean>`tickets.id = touch.id`)
    .returningAll('tickets')
    .returning((eb) => ticketRefs(eb))
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}
