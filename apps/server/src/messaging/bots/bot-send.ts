import type { ContactRow } from '../../modules/contacts';
import type { TicketRow } from '../../modules/tickets';
import type { AppContext } from '../../platform/context';
import { mimeOfFileName } from '../../platform/storage/mime-types';
import type { TenantTx, Defer } from '../../platform/tenancy';
import {
  messageVariables,
  renderTemplate,
  sendMessage,
  type MessageOrigin,
  type OutgoingEnv,
  type OutgoingPart,
} from '../../modules/messages';
import type { BotCache } from './bot-cache';
import type { BotMedia } from './bot-data';
import type { QueuedTurn } from './turns/bot-turns.repository';

/** What the bot needs to write into a ticket: the transaction, the outbound side and where effects go. */
export interface BotEnv {
  tx: TenantTx;
  ctx: AppContext;
  outbound: OutgoingEnv;
  defer: Defer;
  now: Date;
  /** Configuration read once per transaction (a transaction may process many messages). */
  cache: BotCache;
  /** Wakes the bot-turn worker (call it after the commit that queued a turn). */
  kickBots?: (queued?: QueuedTurn) => void;
}

/**
 * Renders the text's variables (server-behaviour 1.9) and stores it, then the media if any, in the ticket as
 * automatic messages queued in the outbox. Blank texts are not sent. Answers the ticket as updated by the send.
 */
export async function sendAutomatic(
  env: BotEnv,
  ticket: TicketRow,
  contact: ContactRow,
  text: string,
  origin: MessageOrigin = 'bot',
  media?: BotMedia,
): Promise<TicketRow> {
  const parts: OutgoingPart[] = [];
  if (text.trim() !== '') {
    const variables = messageVariables({
      contactName: contact.name,
      ticketId: ticket.id,
      timeZone: env.ctx.config.timeZone,
      at: env.now,
    });
    parts.push({ body: renderTemplate(text, variables) });
  }
  if (media?.mediaPath) {
    const fileName = media.mediaName ?? media.mediaPath.split('/').pop() ?? 'file';
    parts.push({ body: '', media: { path: media.mediaPath, fileName, mimetype: mimeOfFileName(fileName) } });
  }
  if (parts.length === 0) return ticket;
  const stored = await sendMessage(env.tx, env.outbound, {
    ticket,
    contact,
    parts,
    origin,
    isAutomatic: true,
    defer: env.defer,
  });
  return stored.ticket;
}

export async function loadContact(tx: TenantTx, contactId: number): Promise<ContactRow> {
  return tx.selectFrom('contacts').where('id', '=', contactId).selectAll().executeTakeFirstOrThrow();
}
