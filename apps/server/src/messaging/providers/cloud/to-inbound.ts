import type { InboundMessage, MediaRef } from '..';
import type { CloudMessage, CloudSharedContact } from './webhook-payload';

type Content = Pick<
  InboundMessage,
  'kind' | 'text' | 'media' | 'location' | 'vcards' | 'quotedWid' | 'value'
>;
type MediaKind = 'image' | 'audio' | 'video' | 'document' | 'sticker';

/** When Meta leaves the MIME type out, the one WhatsApp uses for the kind. */
const DEFAULT_MIMETYPE: Record<MediaKind, string> = {
  image: 'image/jpeg',
  audio: 'audio/ogg',
  video: 'video/mp4',
  document: 'application/octet-stream',
  sticker: 'image/webp',
};

/**
 * A customer's Cloud API message in the port's shape, or null for what the product does not show (unsupported
 * and system messages, orders, a reaction taken back). The sender's wa_id is the chat: Cloud numbers are not
 * in groups.
 */
export function toInboundMessage(message: CloudMessage, pushName: string | undefined): InboundMessage | null {
  const content = readContent(message);
  if (!content) return null;
  const seconds = Number(message.timestamp);
  const quotedWid = content.quotedWid ?? message.context?.id;
  return {
    wid: message.id,
    chatId: message.from,
    isGroup: false,
    senderId: message.from,
    ...(pushName ? { pushName } : {}),
    fromMe: false,
    timestamp: Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : new Date(),
    ...content,
    ...(quotedWid ? { quotedWid } : {}),
  };
}

function readContent(m: CloudMessage): Content | null {
  switch (m.type) {
    case 'text':
      return m.text ? { kind: 'text', text: m.text.body } : null;
    case 'image':
    case 'audio':
    case 'video':
    case 'document':
    case 'sticker':
      return readMedia(m, m.type);
    case 'location':
      if (!m.location) return null;
      return {
        kind: 'location',
        location: {
          latitude: m.location.latitude,
          longitude: m.location.longitude,
          ...(m.location.name ? { name: m.location.name } : {}),
        },
      };
    case 'contacts': {
      const vcards = (m.contacts ?? []).map(toVcard);
      if (vcards.length === 0) return null;
      return { kind: vcards.length === 1 ? 'vcard' : 'contacts', vcards };
    }
    case 'reaction':
      // An empty emoji takes a reaction back: nothing to show.
      if (!m.reaction?.emoji) return null;
      return { kind: 'reaction', value: m.reaction.emoji, quotedWid: m.reaction.message_id };
    case 'interactive':
      return readInteractive(m);
    case 'button':
      if (!m.button) return null;
      return {
        kind: 'buttonReply',
        value: m.button.payload ?? m.button.text ?? '',
        ...(m.button.text ? { text: m.button.text } : {}),
      };
    default:
      return null;
  }
}

function readMedia(m: CloudMessage, kind: MediaKind): Content | null {
  const object = m[kind];
  if (!object) return null;
  const media: MediaRef = {
    ref: object.id,
    mimetype: object.mime_type ?? DEFAULT_MIMETYPE[kind],
    ...(object.filename ? { fileName: object.filename } : {}),
    ...(object.file_size !== undefined ? { size: object.file_size } : {}),
  };
  return { kind, media, ...(object.caption ? { text: object.caption } : {}) };
}

function readInteractive(m: CloudMessage): Content | null {
  const reply = m.interactive;
  if (reply?.button_reply) {
    const { id, title } = reply.button_reply;
    return { kind: 'buttonReply', value: id, ...(title ? { text: title } : {}) };
  }
  if (reply?.list_reply) {
    const { id, title } = reply.list_reply;
    return { kind: 'listReply', value: id, ...(title ? { text: title } : {}) };
  }
  return null;
}

/** vCard text has no room for line breaks, and `;` `,` separate fields. */
const vcardText = (text: string) => text.replace(/[\r\n]+/g, ' ').replace(/([\\;,])/g, '\\$1');

/** Shared contacts come as fields; the product keeps them as vCards, like WhatsApp Web sends them. */
export function toVcard(contact: CloudSharedContact): { displayName: string; vcard: string } {
  const phones = contact.phones ?? [];
  const displayName =
    contact.name?.formatted_name ?? contact.name?.first_name ?? phones[0]?.phone ?? phones[0]?.wa_id ?? '';
  const tels = phones.map(({ phone, wa_id: waId }) => {
    const shown = phone ?? (waId ? `+${waId}` : '');
    return waId ? `TEL;type=CELL;waid=${waId}:${shown}` : `TEL;type=CELL:${shown}`;
  });
  const name = vcardText(displayName);
  const vcard = ['BEGIN:VCARD', 'VERSION:3.0', `N:;${name};;;`, `FN:${name}`, ...tels, 'END:VCARD'].join(
    '\n',
  );
  return { displayName, vcard };
}
