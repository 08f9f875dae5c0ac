import fs from 'node:fs/promises';
import type { AnyMessageContent, WAMessage } from 'baileys';
import { ProviderError, type SendCommand } from '..';

const VOICE_NOTE_MIMETYPE = 'audio/ogg; codecs=opus';

/** The baileys content of a send command; files are read from the stored path. */
export async function buildContent(command: SendCommand): Promise<AnyMessageContent> {
  const media = command.media;
  if (!media) {
    if (!command.text) throw new ProviderError('nothing to send: no text and no media', false);
    return { text: command.text };
  }
  const data = await readMedia(media.path);
  const caption = media.caption ? { caption: media.caption } : {};
  const major = media.mimetype.split('/')[0]?.toLowerCase();
  if (major === 'image') return { image: data, mimetype: media.mimetype, ...caption };
  if (major === 'video') return { video: data, mimetype: media.mimetype, ...caption };
  if (major === 'audio') {
    return media.voiceNote
      ? { audio: data, ptt: true, mimetype: VOICE_NOTE_MIMETYPE }
      : { audio: data, mimetype: media.mimetype };
  }
  return { document: data, mimetype: media.mimetype, fileName: media.fileName, ...caption };
}

/** The minimal message baileys needs to quote one: its key and its text. */
export function quotedMessage(jid: string, quoted: NonNullable<SendCommand['quoted']>): WAMessage {
  return {
    key: { remoteJid: jid, fromMe: quoted.fromMe, id: quoted.wid },
    message: { conversation: quoted.text },
  };
}

async function readMedia(path: string): Promise<Buffer> {
  try {
    return await fs.readFile(path);
  } catch (error) {
    throw new ProviderError(`cannot read media ${path}: ${String(error)}`, false);
  }
}
