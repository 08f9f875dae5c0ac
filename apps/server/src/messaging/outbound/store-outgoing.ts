import type { AppContext } from '../../platform/context';
import type { MessagesTable } from '../../platform/db/schema';
import type { MediaStorage } from '../../platform/storage/media-storage';
import type { TenantTx } from '../../platform/tenancy';
import type { ContactRow } from '../../modules/contacts/contacts.presenter';
import { presentContact } from '../../modules/contacts/contacts.presenter';
import { emitMessageCreated } from '../../modules/messages/messages.events';
import { loadMessageViews, presentUnquotedMessage } from '../../modules/messages/messages.presenter';
import {
  insertMessage,
  touchTicketWithMessages,
  type MessageRow,
} from '../../modules/messages/messages.repository';
import { emitTicketUpdate, type TicketRow } from '../../modules/tickets';
import { presentTicketRow } from '../../modules/tickets/tickets.presenter';
import { chatIdOfContact, lockChat } from '../inbound/chat-key';
import { enqueueOutbox } from './outbox';
import type { OutgoingMedia } from './outbox-tasks';

export type MessageOrigin = MessagesTable['origin'];

/** Queues work for after the commit; inbound processing passes its own so a rolled-back event emits nothing. */
export type Defer = (fn: () => void) => void;

export interface OutgoingPart {
  /** Rendered text, or the caption of the media. */
  body: string;
  /** A file already in storage. */
  media?: Omit<OutgoingMedia, 'caption'>;
}

export interface OutgoingEnv {
  ctx: AppContext;
  storage: MediaStorage;
  /** Runs the connection's queue (the outbox worker's kick). */
  kick(whatsappId: number): void;
}

/** The spec's mediaType for a file: its MIME major type, anything unusual being a document. */
export function mediaTypeOf(mimetype: string): 'image' | 'video' | 'audio' | 'application' {
  const major = mimetype.split('/')[0]?.toLowerCase();
  return major === 'image' || major === 'video' || major === 'audio' ? major : 'application';
}

/**
 * Stores our messages (ack 0) and their outbox rows in the caller's transaction, inside the chat's serialised
 * section, updates the ticket, and after commit emits `-appMessage` create and `-ticket` update and runs the
 * queue (server-behaviour 6.2: every message the server sends is stored at send time).
 */
export async function storeOutgoing(
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
  },
): Promise<{ messages: MessageRow[]; ticket: TicketRow }> {
  const { ticket, contact } = input;
  const whatsappId = ticket.whatsappId;
  if (whatsappId === null) throw new Error(`ticket ${ticket.id} has no connection to send through`);
  const chatId = chatIdOfContact(contact);
  await lockChat(tx, whatsappId, chatId);
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
    await enqueueOutbox(tx, whatsappId, {
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
    env.kick(whatsappId);
  });
  return { messages, ticket: touched };
}
