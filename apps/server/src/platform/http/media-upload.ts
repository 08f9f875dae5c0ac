import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { validationMessages as m } from '@zapdesk/contracts';
import type { MediaStorage } from '../storage/media-storage';
import { AppError } from './app-error';

/** One uploaded file, read whole (the multipart size limit applies), with the text fields sent beside it. */
export interface Upload {
  fileName: string;
  mimeType: string;
  data: Buffer;
  fields: Record<string, string>;
}

/**
 * Reads a multipart body holding one file under `fileField` (default `file`) and text fields, in any order.
 * Not multipart, or no file chosen: 400 with `fields.file = "Required"`; too large: 413 from the size limit.
 */
export async function readUpload(request: FastifyRequest, fileField = 'file'): Promise<Upload> {
  const missing = () => AppError.validation({ [fileField]: m.required });
  if (!request.isMultipart()) throw missing();
  const fields: Record<string, string> = {};
  let file: Omit<Upload, 'fields'> | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
    } else if (part.fieldname === fileField && !file && part.filename !== '') {
      file = { fileName: part.filename, mimeType: part.mimetype, data: await part.toBuffer() };
    } else {
      // Unread file streams stall the request: drain the ones we do not keep.
      part.file.resume();
    }
  }
  if (!file) throw missing();
  return { ...file, fields };
}

/** Removes stored files once they are no longer referenced; a failure is logged, never a failed request. */
export async function removeStoredFiles(
  log: FastifyBaseLogger,
  storage: MediaStorage,
  relativePaths: string[],
): Promise<void> {
  for (const relativePath of relativePaths) {
    try {
      await storage.remove(relativePath);
    } catch (error) {
      log.warn({ err: error, relativePath }, 'stored file not removed');
    }
  }
}
