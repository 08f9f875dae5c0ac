import { getSetting } from '../../modules/settings';
import { presentContact, type ContactRow, upsertContact, contactNumberOfChat } from '../../modules/contacts';
import {
  emitMessageCreated,
  emitMessageUpdated,
  loadMessageView,
  presentUnquotedMessage,
  findMessageByWid,
  insertMessage,
  raiseAck,
  touchTicketWithMessages,
  type MessageRow,
  carriesRefs,
} from '../../modules/messages';
import {
  emitTicketUpdate,
  findOrCreateTicketForCustomer,
  findOrCreateTicketQuietly,
  lockTicketOfChat,
  type TicketFound,
  presentTicketRow,
} from '../../modules/tickets';
import { findRatingReply } from '../bots';
import { enqueueOutbox } from '../outbound';
import { isPictureDue } from '../pictures';
import type { InboundMessage } from '../providers';
import { afterInboundStored } from './after-inbound-stored';
import { ackChatKey } from './event-key';
import type { InboundEnv } from './inbound-env';
import { describeContent, isStatusBroadcast } from './message-content';

/** Server-behaviour 7.2 steps 1–7 for one received message (our own phone's included). */
export async function handleMessage(env: InboundEnv, m: InboundMessage): Promise<void> {
  const { tx, whatsappId } = env;
  if (isStatusBroadcast(m.chatId)) return;
  const content = describeContent(m);
  if (!content) return;
  if (m.isGroup && (await getSetting(tx, 'CheckMsgIsGroup')) === 'enabled') return;

  // A customer's wid is its event id, so inbound_events already refused a redelivery; our own wids can also come
  // from our sends, whose echo only tells us the message left.
  if (m.fromMe) {
    const stored = await findMessageByWid(tx, whatsappId, m.wid);
    if (stored) {
      await applyAck(env, { id: stored.id }, 1);
      return;
    }
  }

  // The round read a private chat's contact, ticket and cycle for its first customer message.
  const known = m.isGroup || m.fromMe ? undefined : env.prefetch.take(whatsappId, m.chatId);
  const chat = await upsertChatContact(env, m, known?.contact);
  const sender =
    m.isGroup && !m.fromMe
      ? await upsertContactWithEvent(env, { number: m.senderId, profileName: m.pushName, lid: m.senderLid })
      : chat;
  const key = { contactId: chat.id, whatsappId, isGroup: m.isGroup };
  const locked = known && known.ticket !== undefined ? known.ticket : await lockTicketOfChat(tx, key);
  // A reply to a pending rating is stored in the closed ticket without reopening it (server-behaviour 7.6). A
  // contact has one ticket per connection, so only a closed one can be awaiting a rating: no lookup otherwise.
  const rating =
    m.fromMe || m.isGroup || locked?.status !== 'closed'
      ? undefined
      : await findRatingReply(tx, key, content.body);
  const found =
    m.fromMe || rating
      ? await findOrCreateTicketQuietly(tx, key, locked)
      : await findOrCreateTicketForCustomer(tx, key, locked);
  const quoted = m.quotedWid ? await findMessageByWid(tx, whatsappId, m.quotedWid) : undefined;
  // The open cycle read with the ticket is still current when the ticket was used as it was.
  const cycle = known && found.change === null && !rating ? known.cycle : undefined;
  const message = await insertMessage(tx, {
    wid: m.wid,
    ticketId: found.ticket.id,
    contactId: sender.id,
    queueId: found.ticket.queueId,
    whatsappId,
    body: content.body,
    fromMe: m.fromMe,
    read: m.fromMe,
    mediaType: content.mediaType,
    ack: m.fromMe ? 1 : 0,
    quotedMsgId: quoted?.id ?? null,
    origin: m.fromMe ? 'phone' : 'customer',
    data: JSON.stringify(m.media ? { media: m.media } : {}),
    createdAt: validTimestamp(m.timestamp),
    trackingId: cycle?.id,
  });
  if (!message) return;
  // A ticket row the round read or touched carries what the answer needs: its touch can wait (TicketTouches).
  const unread = { countUnread: !m.fromMe };
  const ticket = carriesRefs(found.ticket)
    ? env.touches.touch(found.ticket, message, unread)
    : await touchTicketWithMessages(tx, found.ticket.id, [message], unread);
  if (m.media && content.hasMedia) {
    await enqueueOutbox(tx, whatsappId, { kind: 'download', messageId: message.id, media: m.media });
    env.defer(() => env.outbound.outbox.kick(whatsappId));
  }
  if (m.fromMe) await retryEarlyAcks(env, m.wid);
  await emitStored(env, found, ticket, chat, message, quoted ? undefined : sender);
  if (m.fromMe || m.isGroup) return;
  const writesBefore = env.writes.count;
  await afterInboundStored(env, ticket, message, chat, rating, cycle);
  // The next message of this chat in the round starts from what this one left. The contact is final; the ticket
  // (still locked by this transaction) and its cycle when nothing was written after the message was stored (no
  // bot step, no rating reply): a ticket with an attendant, or a menu already shown and waiting.
  const untouched = env.writes.count === writesBefore;
  env.prefetch.putBack(whatsappId, m.chatId, {
    contact: chat,
    ticket: untouched ? ticket : undefined,
    cycle: untouched ? cycle : undefined,
  });
}

/** The chat's contact: the person, or the group (server-behaviour 7.2 steps 3–4). */
function upsertChatContact(
  env: InboundEnv,
  m: InboundMessage,
  known: ContactRow | null | undefined,
): Promise<ContactRow> {
  if (m.isGroup) {
    return upsertContactWithEvent(env, { number: contactNumberOfChat(m.chatId, true), isGroup: true });
  }
  // Our own phone's messages carry our profile name, never the customer's.
  return upsertContactWithEvent(
    env,
    { number: m.chatId, ...(m.fromMe ? {} : { profileName: m.pushName, lid: m.senderLid }) },
    known,
  );
}

async function upsertContactWithEvent(
  env: InboundEnv,
  input: { number: string; profileName?: string; lid?: string; isGroup?: boolean },
  known?: ContactRow | null,
): Promise<ContactRow> {
  const { contact, change } = await upsertContact(env.tx, { ...input, whatsappId: env.whatsappId }, known);
  if (isPictureDue(contact)) {
    const target = { companyId: env.tx.companyId, contactId: contact.id, whatsappId: env.whatsappId };
    env.defer(() => env.requestPicture(target, contact.pictureUpdatedAt));
  }
  if (change) {
    const view = presentContact(contact, env.ctx.config.frontendUrl);
    const companyId = env.tx.companyId;
    env.defer(() =>
      env.ctx.realtime.emitToCompany(companyId, 'contact', {
        action: change === 'created' ? 'create' : 'update',
        contact: view,
      }),
    );
  }
  return contact;
}

async function emitStored(
  env: InboundEnv,
  found: TicketFound,
  touched: Awaited<ReturnType<typeof touchTicketWithMessages>>,
  contact: ContactRow,
  row: MessageRow,
  /** The sender, when the message quotes nothing and can be presented without a query. */
  sender: ContactRow | undefined,
) {
  const { tx, ctx } = env;
  const message = sender
    ? presentUnquotedMessage(env.outbound.storage, row, sender)
    : await loadMessageView(tx, env.outbound.storage, row.id);
  const ticket = presentTicketRow(touched, contact, ctx.config.frontendUrl);
  const contactView = presentContact(contact, ctx.config.frontendUrl);
  const companyId = tx.companyId;
  env.defer(() => {
    emitMessageCreated(ctx.realtime, companyId, { message, ticket, contact: contactView });
    emitTicketUpdate(ctx.realtime, companyId, ticket, found.before);
  });
}

/** Raises a message's ack (never lowers it) and tells the ticket's room. */
export async function applyAck(
  env: InboundEnv,
  message: { id: number } | { wid: string },
  ack: number,
): Promise<boolean> {
  const where = 'id' in message ? message : { whatsappId: env.whatsappId, wid: message.wid };
  const raised = await raiseAck(env.tx, where, ack);
  if (!raised) return false;
  const view = await loadMessageView(env.tx, env.outbound.storage, raised.id);
  const companyId = env.tx.companyId;
  env.defer(() => emitMessageUpdated(env.ctx.realtime, companyId, view));
  return true;
}

/** Acks of our own messages can beat the message itself; once it is stored they can be applied. */
async function retryEarlyAcks(env: InboundEnv, wid: string): Promise<void> {
  const chatKey = ackChatKey(wid);
  const waiting = await env.tx
    .selectFrom('inboundEvents')
    .where('whatsappId', '=', env.whatsappId)
    .where('chatKey', '=', chatKey)
    .where('status', '=', 'received')
    .select('id')
    .limit(1)
    .executeTakeFirst();
  if (!waiting) return;
  const chat = { companyId: env.tx.companyId, whatsappId: env.whatsappId, chatKey };
  env.defer(() => env.kick(chat));
}

function validTimestamp(at: Date): Date {
  const time = at.getTime();
  return Number.isFinite(time) && time <= Date.now() + 60_000 ? at : new Date();
}
