import { BufferJSON, toNumber, type proto, type WAMessage, type WAMessageKey } from 'baileys';
import { ProviderError } from '..';

/** The message fields that carry a downloadable file. */
export type MediaField =
  'imageMessage' | 'videoMessage' | 'ptvMessage' | 'audioMessage' | 'documentMessage' | 'stickerMessage';

export const MEDIA_FIELDS: readonly MediaField[] = [
  'imageMessage',
  'videoMessage',
  'ptvMessage',
  'audioMessage',
  'documentMessage',
  'stickerMessage',
];

type MediaMessage = NonNullable<proto.IMessage[MediaField]>;

interface StoredRef {
  k: { remoteJid?: string; id?: string; fromMe?: boolean; participant?: string };
  t: MediaField;
  m: Record<string, unknown>;
}

/**
 * A compact handle of an inbound file: the message key (for a re-upload request when WhatsApp has dropped
 * the file) and only the fields the download needs — no thumbnail — as base64url JSON with Buffers kept.
 */
export function encodeMediaRef(key: WAMessageKey, field: MediaField, media: MediaMessage): string {
  const stored: StoredRef = {
    k: {
      ...(key.remoteJid ? { remoteJid: key.remoteJid } : {}),
      ...(key.id ? { id: key.id } : {}),
      fromMe: key.fromMe === true,
      ...(key.participant ? { participant: key.participant } : {}),
    },
    t: field,
    m: {
      url: media.url,
      directPath: media.directPath,
      mediaKey: media.mediaKey,
      mimetype: media.mimetype,
      fileEncSha256: media.fileEncSha256,
      fileSha256: media.fileSha256,
      ...(media.fileLength !== null && media.fileLength !== undefined
        ? { fileLength: toNumber(media.fileLength) }
        : {}),
    },
  };
  return Buffer.from(JSON.stringify(stored, BufferJSON.replacer)).toString('base64url');
}

const isStoredRef = (value: unknown): value is StoredRef => {
  if (typeof value !== 'object' || value === null) return false;
  const { k, t, m } = value as Partial<StoredRef>;
  return (
    typeof k === 'object' &&
    k !== null &&
    typeof m === 'object' &&
    m !== null &&
    typeof t === 'string' &&
    (MEDIA_FIELDS as readonly string[]).includes(t)
  );
};

/** The minimal WAMessage baileys' downloader needs, rebuilt from a ref made by encodeMediaRef. */
export function decodeMediaRef(ref: string): WAMessage {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(ref, 'base64url').toString('utf8'), BufferJSON.reviver);
  } catch {
    throw new ProviderError('unreadable media reference', false);
  }
  if (!isStoredRef(parsed)) throw new ProviderError('unreadable media reference', false);
  return { key: parsed.k, message: { [parsed.t]: parsed.m } };
}
