import { toNumber, type WAMessage } from 'baileys';
import type { ProviderEvent } from '..';
import { resolveParty, type LidLookup, type Party } from './identity';
import { groupChatId, isGroupJid, isIgnoredChat } from './jids';
import { encodeMediaRef } from './media-ref';
import { readContent } from './message-content';

export interface InboundContext {
  lookup?: LidLookup;
  /** Our phone digits (the sender of our own messages in groups). */
  ownNumber?: string;
}

/**
 * The port events of one upserted message: the LID ↔ phone pairs it taught us (identity.mapped, first, so
 * the contact knows its alias before the message lands), then message.received, .revoked or .edited.
 * Status updates, channels, stubs and unknown kinds give nothing.
 */
export async function toProviderEvents(msg: WAMessage, context: InboundContext): Promise<ProviderEvent[]> {
  const { key } = msg;
  const remoteJid = key.remoteJid;
  const wid = key.id;
  if (!remoteJid || !wid || isIgnoredChat(remoteJid)) return [];
  const read = readContent(msg.message, (field, media) => encodeMediaRef(key, field, media));
  if (read.type === 'skip') return [];

  const fromMe = key.fromMe === true;
  const isGroup = isGroupJid(remoteJid);
  const chat: Party = isGroup
    ? { id: groupChatId(remoteJid) }
    : await resolveParty(remoteJid, key.remoteJidAlt, context.lookup);
  const sender: Party = !isGroup
    ? chat
    : fromMe
      ? { id: context.ownNumber ?? '' }
      : await resolveParty(key.participant ?? '', key.participantAlt, context.lookup);

  const events: ProviderEvent[] = [];
  for (const party of new Set([chat, sender])) {
    if (party.mapping) events.push({ type: 'identity.mapped', ...party.mapping });
  }
  if (read.type === 'revoke') {
    events.push({ type: 'message.revoked', wid: read.wid, chatId: chat.id });
    return events;
  }
  if (read.type === 'edit') {
    events.push({ type: 'message.edited', wid: read.wid, chatId: chat.id, text: read.text });
    return events;
  }
  const seconds = msg.messageTimestamp ? toNumber(msg.messageTimestamp) : 0;
  events.push({
    type: 'message.received',
    message: {
      wid,
      chatId: chat.id,
      isGroup,
      senderId: sender.id,
      ...(!fromMe && sender.lid ? { senderLid: sender.lid } : {}),
      ...(msg.pushName && !fromMe ? { pushName: msg.pushName } : {}),
      fromMe,
      timestamp: seconds > 0 ? new Date(seconds * 1000) : new Date(),
      ...read.content,
    },
  });
  return events;
}
