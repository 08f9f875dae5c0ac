import type { InboundKind, ProviderEvent } from '..';
import type { SimulatorRow } from './simulator.repository';

const kinds: Record<Exclude<SimulatorRow['type'], 'call'>, InboundKind> = {
  text: 'text',
  image: 'image',
  audio: 'audio',
  video: 'video',
  document: 'document',
  location: 'location',
  vcard: 'vcard',
};

/** Size in bytes of base64 data without decoding it. */
export const base64Size = (data: string) =>
  Math.floor((data.length * 3) / 4) - (data.match(/=+$/)?.[0].length ?? 0);

const vcardName = (vcard: string) => /^FN:(.*)$/m.exec(vcard)?.[1]?.trim() || undefined;

/** The normalized provider event of a stored customer message (or call). */
export function toProviderEvent(row: SimulatorRow): ProviderEvent {
  if (row.type === 'call') {
    return { type: 'call', callId: row.externalId, from: row.peer, isVideo: false, at: row.createdAt };
  }
  const kind = kinds[row.type];
  const location = row.location as { latitude: number; longitude: number; name?: string } | null;
  return {
    type: 'message.received',
    message: {
      wid: row.externalId,
      chatId: row.groupId === null ? row.peer : `${row.groupId}@g.us`,
      isGroup: row.groupId !== null,
      senderId: row.peer,
      ...(row.pushName ? { pushName: row.pushName } : {}),
      fromMe: false,
      timestamp: row.createdAt,
      kind,
      ...(kind !== 'vcard' && row.body !== '' ? { text: row.body } : {}),
      ...(row.mediaBase64 !== null && row.mediaMimetype !== null
        ? {
            media: {
              ref: row.externalId,
              mimetype: row.mediaMimetype,
              ...(row.mediaFileName ? { fileName: row.mediaFileName } : {}),
              size: base64Size(row.mediaBase64),
            },
          }
        : {}),
      ...(location ? { location } : {}),
      ...(kind === 'vcard'
        ? { vcards: [{ displayName: vcardName(row.body) ?? row.peer, vcard: row.body }] }
        : {}),
      ...(row.quotedExternalId ? { quotedWid: row.quotedExternalId } : {}),
    },
  };
}
