import path from 'node:path';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { MediaStorage } from '../../platform/storage/media-storage';
import type { UploadedFile } from '../../platform/storage/multipart-upload';
import type { OutgoingPart } from './store-outgoing';
import { convertToVoiceNote, isBrowserRecording } from './voice-note';

/**
 * Turns an uploaded file into what we send (server-behaviour 6.2): a browser recording becomes an ogg/opus voice
 * note through the system ffmpeg; without ffmpeg it goes as plain audio (and the log says why).
 */
export async function prepareOutgoingMedia(
  storage: MediaStorage,
  companyId: number,
  file: UploadedFile,
  log: Logger,
): Promise<NonNullable<OutgoingPart['media']>> {
  const original = { path: file.relativePath, mimetype: file.mimetype, fileName: file.fileName };
  if (!isBrowserRecording(file.originalName) && !isBrowserRecording(file.fileName)) return original;
  const fileName = `${path.parse(file.fileName).name}.ogg`;
  const target = await storage.save(companyId, 'messages', fileName, Buffer.alloc(0));
  if (await convertToVoiceNote(file.absolutePath, target.absolutePath)) {
    await storage.remove(file.relativePath);
    return { path: target.relativePath, mimetype: 'audio/ogg; codecs=opus', fileName, voiceNote: true };
  }
  await storage.remove(target.relativePath);
  log.warn(
    { companyId, file: file.fileName },
    'could not convert a browser recording to a voice note (is ffmpeg installed?); sending it as audio',
  );
  return { ...original, mimetype: file.mimetype.startsWith('audio/') ? file.mimetype : 'audio/mpeg' };
}
