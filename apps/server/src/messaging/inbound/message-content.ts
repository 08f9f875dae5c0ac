import { AUDIO_WITHOUT_CAPTION } from '../../modules/messages';
import type { InboundMessage } from '../providers';

export interface MessageContent {
  body: string;
  /** MIME major type for media, else the kind (server-behaviour 6.3). */
  mediaType: string;
  /** Whether the message carries a file to download. */
  hasMedia: boolean;
}

const mediaMajor = (mimetype: string | undefined): string => {
  const major = (mimetype ?? '').split('/')[0]?.toLowerCase();
  return major === 'image' || major === 'video' || major === 'audio' ? major : 'application';
};

/** Maps a normalised inbound message to the stored body and mediaType; null for kinds the product drops. */
export function describeContent(m: InboundMessage): MessageContent | null {
  const text = m.text ?? '';
  switch (m.kind) {
    case 'text':
      return { body: text, mediaType: m.quotedWid ? 'extendedTextMessage' : 'conversation', hasMedia: false };
    case 'image':
    case 'video':
    case 'document':
      return {
        body: text || m.media?.fileName || '',
        mediaType: mediaMajor(m.media?.mimetype ?? (m.kind === 'document' ? undefined : `${m.kind}/*`)),
        hasMedia: m.media !== undefined,
      };
    case 'audio':
      return { body: text || AUDIO_WITHOUT_CAPTION, mediaType: 'audio', hasMedia: m.media !== undefined };
    case 'sticker':
      return {
        body: 'sticker',
        mediaType: mediaMajor(m.media?.mimetype ?? 'image/webp'),
        hasMedia: m.media !== undefined,
      };
    case 'location': {
      if (!m.location) return null;
      const { latitude, longitude, thumbnailBase64 } = m.location;
      return {
        body: `data:image/png;base64,${thumbnailBase64 ?? ''} | https://maps.google.com/maps?q=${latitude}%2C${longitude}&z=17&hl=pt-BR|${latitude}, ${longitude}`,
        mediaType: 'locationMessage',
        hasMedia: false,
      };
    }
    case 'liveLocation':
      if (!m.location) return null;
      return {
        body: `Latitude: ${m.location.latitude} - Longitude: ${m.location.longitude}`,
        mediaType: 'liveLocationMessage',
        hasMedia: false,
      };
    case 'vcard':
      return { body: m.vcards?.[0]?.vcard ?? '', mediaType: 'vcard', hasMedia: false };
    case 'contacts':
      return {
        body: (m.vcards ?? []).map((c) => `${c.displayName}: 📞${phoneOfVcard(c.vcard)}`).join('\n'),
        mediaType: 'contactMessage',
        hasMedia: false,
      };
    case 'reaction':
      return { body: m.value ?? '', mediaType: 'reactionMessage', hasMedia: false };
    case 'buttonReply':
      return { body: m.value ?? text, mediaType: 'buttonsResponseMessage', hasMedia: false };
    case 'listReply':
      return { body: m.value ?? text, mediaType: 'listResponseMessage', hasMedia: false };
    default:
      return null;
  }
}

/** The phone of a vCard: its `waid`, else the digits of its first TEL line. */
export function phoneOfVcard(vcard: string): string {
  const waid = /waid=(\d+)/i.exec(vcard);
  if (waid?.[1]) return waid[1];
  const tel = /^TEL[^:]*:(.+)$/im.exec(vcard);
  return tel?.[1]?.replace(/\D/g, '') ?? '';
}

/** WhatsApp's status feed is not a conversation. */
export const isStatusBroadcast = (chatId: string): boolean =>
  chatId === 'status@broadcast' || chatId === 'status';
