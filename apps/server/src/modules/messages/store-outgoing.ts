import type { MessagesTable } from '../../platform/db/schema';
import type { Defer, TenantTx } from '../../platform/tenancy';
import { chatIdOfContact, lockChat, presentContact, type ContactRow } from '../contacts';
import { emitTicketUpdate, presentTicketRow, type TicketRow } from '../tickets';
import { emitMessageCreated } from './messages.events';
import { loadMessageViews, presentUnquotedMessage } from './messages.presenter';
import { insertMessage, touchTicketWithMessages, type MessageRow } from './messages.repository';
import type { OutgoingEnv, OutgoingMedia } from './outbox.port';

export type MessageOrigin = MessagesTable['origin'];

export interface OutgoingPart {
  /** Rendered text, or the caption of the media. */
  body: string;
  /** A file already in storage. */
  media?: Omit<OutgoingMedia, 'caption'>;
}

/** The spec's mediaType for a file: its MIME major type, anything unusual being a document. */
export function mediaTypeOf(mimetype: string): 'image' | 'video' | 'audio' | 'application' {
  const major = mimetype.split('/')[0]?.toLowerCase();
  return major === 'image' || major === 'video' || major === 'audio' ? major : 'application';
}

/**
 * The send verb, THE way to send a message from the server: stores our messages (ack 0) in a ticket and queues their delivery.
 * The message rows and their outbox rows (through the `Outbox` port) are written in the caller's transaction,
 * inside the chat's serialised section, so they commit together or not at all; the ticket is touched (last
 * message, counts), and after commit `-appMessage` create and `-ticket` update are emitted and the connection's
 * queue runs (server-behaviour 6.2: every message the server sends is stored at send time). Anything that sends
 * (agents, the external API, automatic messages, bots, schedules, campaigns) calls this; `sendAutomaticMessage`
 * wraps it for system texts with variables. Throws when the ticket has no connection.
 */
export async function sendMessage(
  tx: TenantTx,
  env: OutgoingEnv,
  input: {
    ticket: TicketRow;
    contact: ContactRow;
    parts: OutgoingPart[];
    origin: MessageOrigin;
    quotedMsgId?: number | null;
    isAutomatic?: boolean;
    defer?: Defer;
    /** The caller's transaction holds the chat's lock already (lockChat): saves taking it again. */
    chatLocked?: boolean;
  },
): Promise<{ messages: MessageRow[]; ticket: TicketRow }> {
  const { ticket, contact } = input;
  const whatsappId = ticket.whatsappId;
  if (whatsappId === null) throw new Error(`ticket ${ticket.id} has no connection to send through`);
  const chatId = chatIdOfContact(contact);
  if (!input.chatLocked) await lockChat(tx, whatsappId, chatId);
  const messages: MessageRow[] = [];
  for (const part of input.parts) {
    const mediaType = part.media ? mediaTypeOf(part.media.mimetype) : 'conversation';
    const body = part.body || (part.media?.fileName ?? '');
    const message = await insertMessage(tx, {
      ticketId: ticket.id,
      contactId: contact.id,
      queueId: ticket.queueId,
      whatsappId,
      body,
      fromMe: true,
      read: true,
      mediaType,
      mediaPath: part.media?.path ?? null,
      mediaName: part.media?.fileName ?? null,
      ack: 0,
      quotedMsgId: input.quotedMsgId ?? null,
      origin: input.origin,
      isAutomatic: input.isAutomatic ?? false,
    });
    if (!message) throw new Error('outgoing message not stored');
    messages.push(message);
    const captioned = part.body !== '' && mediaType !== 'audio';
    await env.outbox.enqueue(tx, whatsappId, {
      kind: 'send',
      messageId: message.id,
      chatId,
      ...(part.media ? {} : { text: part.body }),
      ...(part.media ? { media: { ...part.media, ...(captioned ? { caption: part.body } : {}) } } : {}),
    });
  }
  const touched = await touchTicketWithMessages(tx, ticket.id, messages, { countUnread: false });
  const views = input.quotedMsgId
    ? await loadMessageViews(
        tx,
        env.storage,
        messages.map((m) => m.id),
      )
    : messages.map((m) => presentUnquotedMessage(env.storage, m, contact));
  const ticketView = presentTicketRow(touched, contact, env.ctx.config.frontendUrl);
  const contactView = presentContact(contact, env.ctx.config.frontendUrl);
  const defer = input.defer ?? ((fn) => tx.afterCommit(fn));
  defer(() => {
    for (const message of views) {
      emitMessageCreated(env.ctx.realtime, tx.companyId, {
        message,
        ticket: ticketView,
        contact: contactView,
      });
    }
    emitTicketUpdate(env.ctx.realtime, tx.companyId, ticketView);
    env.outbox.kick(whatsappId);
  });
  return { messages, ticket: touched };
}

/** @deprecated The send verb's former name, kept while this round's branches merge: call `sendMessage`. */
export const storeOutgoing = sendMessage;
