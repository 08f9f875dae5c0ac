import type { Selectable } from 'kysely';
import type { MessagesTable } from '../../platform/db/schema';

/** The body of a customer's voice note without caption (server-behaviour 6.3). */
export const AUDIO_WITHOUT_CAPTION = 'Áudio';

/** Kinds whose body is machine content, never words: a thumbnail and map link, a raw vCard. */
const CONTENT_BODIES = new Set(['locationMessage', 'vcard']);
const FILE_KINDS = new Set(['image', 'video', 'audio', 'application']);

type PreviewedMessage = Pick<Selectable<MessagesTable>, 'body' | 'mediaType' | 'mediaName' | 'data'>;

/** The file name an inbound media kept in its provider data, `{ media: { fileName } }`. */
function providerFileName(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || !('media' in data)) return undefined;
  const media = data.media;
  if (typeof media !== 'object' || media === null || !('fileName' in media)) return undefined;
  return typeof media.fileName === 'string' ? media.fileName : undefined;
}

/**
 * The ticket's `lastMediaType`: the message's mediaType when its body is not text of its own (a file sent
 * without caption stores the file name, a bare voice note "Áudio", a location its map link), so the ticket list
 * names the kind instead; null for text and captioned media, whose body is the preview.
 */
export function lastMediaTypeOf(message: PreviewedMessage): string | null {
  if (CONTENT_BODIES.has(message.mediaType)) return message.mediaType;
  if (!FILE_KINDS.has(message.mediaType)) return null;
  const body = message.body.trim();
  const uncaptioned =
    body === '' ||
    body === message.mediaName ||
    body === providerFileName(message.data) ||
    (message.mediaType === 'audio' && body === AUDIO_WITHOUT_CAPTION);
  return uncaptioned ? message.mediaType : null;
}
