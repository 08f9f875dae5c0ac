import { ProviderError, type SendCommand } from '..';

type OutgoingMedia = NonNullable<SendCommand['media']>;
export type CloudMediaType = 'image' | 'video' | 'audio' | 'document';

/** Formats the Cloud API plays as what they are; anything else goes as a document so it is not refused. */
const PLAYABLE: Record<Exclude<CloudMediaType, 'document'>, ReadonlySet<string>> = {
  image: new Set(['image/jpeg', 'image/png']),
  video: new Set(['video/mp4', 'video/3gpp']),
  audio: new Set(['audio/aac', 'audio/amr', 'audio/mpeg', 'audio/mp4', 'audio/ogg']),
};

/** The MIME type without parameters, lower case (`audio/ogg; codecs=opus` → `audio/ogg`). */
export const baseMimetype = (mimetype: string): string => (mimetype.split(';')[0] ?? '').trim().toLowerCase();

/** How a stored file goes out: a voice note is ogg/opus audio (WhatsApp plays it as a voice message). */
export function cloudMediaType(media: OutgoingMedia): CloudMediaType {
  if (media.voiceNote) return 'audio';
  const mimetype = baseMimetype(media.mimetype);
  for (const type of ['image', 'video', 'audio'] as const) {
    if (PLAYABLE[type].has(mimetype)) return type;
  }
  return 'document';
}

/** The recipient as the Cloud API wants it: the phone digits. Groups are not reachable through it. */
export function recipientOf(to: string): string {
  if (to.includes('@')) {
    throw new ProviderError(`cannot send to ${to}: groups are not supported by the Cloud API`, false);
  }
  const digits = to.replace(/\D/g, '');
  if (!digits) throw new ProviderError(`cannot send to "${to}": not a phone number`, false);
  return digits;
}

const context = (quotedWid: string | undefined) => (quotedWid ? { context: { message_id: quotedWid } } : {});

/** The body of POST /messages for a text (a reply when quotedWid is given). */
export function textMessage(to: string, body: string, quotedWid?: string): Record<string, unknown> {
  return { to: recipientOf(to), type: 'text', text: { body }, ...context(quotedWid) };
}

/** The body of POST /messages for an uploaded file: caption where the type has one, file name on documents. */
export function mediaMessage(
  to: string,
  type: CloudMediaType,
  mediaId: string,
  media: OutgoingMedia,
  quotedWid?: string,
): Record<string, unknown> {
  const caption = media.caption ? { caption: media.caption } : {};
  const object =
    type === 'audio'
      ? { id: mediaId }
      : type === 'document'
        ? { id: mediaId, filename: media.fileName, ...caption }
        : { id: mediaId, ...caption };
  return { to: recipientOf(to), type, [type]: object, ...context(quotedWid) };
}
