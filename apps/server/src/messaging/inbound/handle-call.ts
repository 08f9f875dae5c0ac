import { getSetting } from '../../modules/settings';
import { presentContact, upsertContact } from '../../modules/contacts';
import {
  emitMessageCreated,
  presentUnquotedMessage,
  insertMessage,
  touchTicketWithMessages,
  localParts,
  sendMessage,
} from '../../modules/messages';
import { emitTicketUpdate, findOrCreateTicketForCustomer, presentTicketRow } from '../../modules/tickets';
import { enqueueOutbox } from '../outbound';
import type { InboundEnv } from './inbound-env';

export const CALLS_DISABLED_REPLY =
  '*Mensagem automática*: chamadas desabilitadas, envie uma mensagem de texto.';

/**
 * Server-behaviour 7.7: with `call=disabled` an incoming call is rejected, the caller gets the automatic reply,
 * and a `call_log` message is stored in the caller's ticket on this connection (a closed ticket comes back to
 * pending with a new cycle). With `call=enabled` calls are left alone.
 */
export async function handleCall(
  env: InboundEnv,
  call: { callId: string; from: string; isVideo: boolean; at: Date },
): Promise<void> {
  const { tx, ctx, whatsappId } = env;
  if ((await getSetting(tx, 'call')) !== 'disabled') return;
  await enqueueOutbox(tx, whatsappId, { kind: 'rejectCall', callId: call.callId, from: call.from });

  const { contact } = await upsertContact(tx, { number: call.from, whatsappId });
  const found = await findOrCreateTicketForCustomer(tx, {
    contactId: contact.id,
    whatsappId,
    isGroup: false,
  });
  const time = localParts(ctx.config.timeZone, call.at);
  const log = await insertMessage(tx, {
    ticketId: found.ticket.id,
    contactId: contact.id,
    queueId: found.ticket.queueId,
    whatsappId,
    body: `Chamada de ${call.isVideo ? 'vídeo' : 'voz'} perdida às ${time.hour}:${time.minute}`,
    fromMe: false,
    mediaType: 'call_log',
    origin: 'system',
  });
  if (!log) throw new Error('call log not stored');
  const ticket = await touchTicketWithMessages(tx, found.ticket.id, [log], { countUnread: false });
  const logView = presentUnquotedMessage(env.outbound.storage, log, contact);
  const ticketView = presentTicketRow(ticket, contact, ctx.config.frontendUrl);
  const contactView = presentContact(contact, ctx.config.frontendUrl);
  const companyId = tx.companyId;
  env.defer(() => {
    emitMessageCreated(ctx.realtime, companyId, {
      message: logView,
      ticket: ticketView,
      contact: contactView,
    });
    emitTicketUpdate(ctx.realtime, companyId, ticketView, found.before);
  });

  await sendMessage(tx, env.outbound, {
    ticket,
    contact,
    parts: [{ body: CALLS_DISABLED_REPLY }],
    origin: 'system',
    isAutomatic: true,
    defer: env.defer,
  });
}
