import { normalizeMessageContent, proto, toNumber } from 'baileys';
import type { InboundMessage, MediaRef } from '..';
import { MEDIA_FIELDS, type MediaField } from './media-ref';

/** What a message says, in the port's terms (who sent it is resolved elsewhere). */
export type Content = Pick<
  InboundMessage,
  'kind' | 'text' | 'media' | 'location' | 'vcards' | 'quotedWid' | 'value'
>;

export type ReadContent =
  | { type: 'content'; content: Content }
  | { type: 'revoke'; wid: string }
  | { type: 'edit'; wid: string; text: string }
  | { type: 'skip' };

/** Builds the download handle of a media field of this message. */
export type MediaRefOf = (field: MediaField, media: NonNullable<proto.IMessage[MediaField]>) => string;

const SKIP = { type: 'skip' } as const;

const kindOfMedia: Record<MediaField, InboundMessage['kind']> = {
  imageMessage: 'image',
  videoMessage: 'video',
  ptvMessage: 'video',
  audioMessage: 'audio',
  documentMessage: 'document',
  stickerMessage: 'sticker',
};

const defaultMime: Record<MediaField, string> = {
  imageMessage: 'image/jpeg',
  videoMessage: 'video/mp4',
  ptvMessage: 'video/mp4',
  audioMessage: 'audio/ogg; codecs=opus',
  documentMessage: 'application/octet-stream',
  stickerMessage: 'image/webp',
};

const text = (value: string | null | undefined) => (value ? { text: value } : {});
const quoted = (context: proto.IContextInfo | null | undefined) =>
  context?.stanzaId ? { quotedWid: context.stanzaId } : {};
const base64 = (bytes: Uint8Array | null | undefined) =>
  bytes?.length ? Buffer.from(bytes).toString('base64') : undefined;

/**
 * Reads a message's content (wrappers such as ephemeral, view-once, document-with-caption and edits unwrapped).
 * Protocol messages other than revoke and edit, polls, stubs and anything unknown are skipped.
 */
export function readContent(raw: proto.IMessage | null | undefined, mediaRef: MediaRefOf): ReadContent {
  const m = normalizeMessageContent(raw);
  if (!m) return SKIP;
  if (m.protocolMessage) return readProtocol(m.protocolMessage);
  if (m.conversation) return { type: 'content', content: { kind: 'text', text: m.conversation } };
  if (m.extendedTextMessage) {
    const t = m.extendedTextMessage;
    return { type: 'content', content: { kind: 'text', ...text(t.text), ...quoted(t.contextInfo) } };
  }
  for (const field of MEDIA_FIELDS) {
    const media = m[field];
    if (media) return { type: 'content', content: readMedia(field, media, mediaRef) };
  }
  const other = readOther(m);
  return other ? { type: 'content', content: other } : SKIP;
}

function readMedia(
  field: MediaField,
  media: NonNullable<proto.IMessage[MediaField]>,
  mediaRef: MediaRefOf,
): Content {
  const fileName = 'fileName' in media && media.fileName ? media.fileName : undefined;
  const caption = 'caption' in media ? media.caption : undefined;
  const ref: MediaRef = {
    ref: mediaRef(field, media),
    mimetype: media.mimetype || defaultMime[field],
    ...(fileName ? { fileName } : {}),
    ...(media.fileLength !== null && media.fileLength !== undefined
      ? { size: toNumber(media.fileLength) }
      : {}),
  };
  return { kind: kindOfMedia[field], ...text(caption), media: ref, ...quoted(media.contextInfo) };
}

function readOther(m: proto.IMessage): Content | null {
  if (m.locationMessage) {
    const l = m.locationMessage;
    const thumbnailBase64 = base64(l.jpegThumbnail);
    return {
      kind: 'location',
      location: {
        latitude: l.degreesLatitude ?? 0,
        longitude: l.degreesLongitude ?? 0,
        ...(l.name || l.address ? { name: l.name || l.address || '' } : {}),
        ...(thumbnailBase64 ? { thumbnailBase64 } : {}),
      },
      ...quoted(l.contextInfo),
    };
  }
  if (m.liveLocationMessage) {
    const l = m.liveLocationMessage;
    return {
      kind: 'liveLocation',
      location: { latitude: l.degreesLatitude ?? 0, longitude: l.degreesLongitude ?? 0 },
      ...text(l.caption),
    };
  }
  if (m.contactMessage) {
    const c = m.contactMessage;
    return {
      kind: 'vcard',
      vcards: [{ displayName: c.displayName ?? '', vcard: c.vcard ?? '' }],
      ...quoted(c.contextInfo),
    };
  }
  if (m.contactsArrayMessage) {
    const vcards = (m.contactsArrayMessage.contacts ?? []).map((c) => ({
      displayName: c.displayName ?? '',
      vcard: c.vcard ?? '',
    }));
    return { kind: 'contacts', vcards, ...quoted(m.contactsArrayMessage.contextInfo) };
  }
  if (m.reactionMessage) {
    const r = m.reactionMessage;
    // An empty reaction takes one back: nothing to show.
    if (!r.text) return null;
    return { kind: 'reaction', value: r.text, ...(r.key?.id ? { quotedWid: r.key.id } : {}) };
  }
  return readReply(m);
}

function readReply(m: proto.IMessage): Content | null {
  if (m.buttonsResponseMessage) {
    const b = m.buttonsResponseMessage;
    return reply('buttonReply', b.selectedButtonId, b.selectedDisplayText, b.contextInfo);
  }
  if (m.templateButtonReplyMessage) {
    const b = m.templateButtonReplyMessage;
    return reply('buttonReply', b.selectedId, b.selectedDisplayText, b.contextInfo);
  }
  if (m.listResponseMessage) {
    const l = m.listResponseMessage;
    return reply('listReply', l.singleSelectReply?.selectedRowId, l.title, l.contextInfo);
  }
  if (m.interactiveResponseMessage) {
    const i = m.interactiveResponseMessage;
    return reply(
      'buttonReply',
      idOfParams(i.nativeFlowResponseMessage?.paramsJson),
      i.body?.text,
      i.contextInfo,
    );
  }
  return null;
}

function reply(
  kind: 'buttonReply' | 'listReply',
  id: string | null | undefined,
  label: string | null | undefined,
  context: proto.IContextInfo | null | undefined,
): Content | null {
  const value = id || label;
  if (!value) return null;
  return { kind, value, ...text(label || value), ...quoted(context) };
}

function idOfParams(json: string | null | undefined): string | undefined {
  if (!json) return undefined;
  try {
    const parsed: unknown = JSON.parse(json);
    if (typeof parsed === 'object' && parsed !== null && 'id' in parsed && typeof parsed.id === 'string') {
      return parsed.id;
    }
  } catch {
    // Not JSON: no id.
  }
  return undefined;
}

function readProtocol(p: proto.Message.IProtocolMessage): ReadContent {
  const wid = p.key?.id;
  if (!wid) return SKIP;
  if (p.type === proto.Message.ProtocolMessage.Type.REVOKE) return { type: 'revoke', wid };
  if (p.type === proto.Message.ProtocolMessage.Type.MESSAGE_EDIT) {
    const edited = normalizeMessageContent(p.editedMessage);
    const newText =
      edited?.conversation ??
      edited?.extendedTextMessage?.text ??
      edited?.imageMessage?.caption ??
      edited?.videoMessage?.caption ??
      edited?.documentMessage?.caption;
    return typeof newText === 'string' ? { type: 'edit', wid, text: newText } : SKIP;
  }
  return SKIP;
}
