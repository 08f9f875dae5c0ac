import type { FastifyRequest } from 'fastify';
import type { MediaStorage, StorageFolder, StoredFile } from './media-storage';

export interface UploadedFile extends StoredFile {
  mimetype: string;
  /** The name the client gave (unreduced), for display and audio detection. */
  originalName: string;
}

export interface MultipartUpload {
  /** Every text field, each with all its values in order (`body` may come once per file). */
  fields: Record<string, string[]>;
  files: UploadedFile[];
  /** Deletes the stored files (the request failed after reading them). */
  discard(): Promise<void>;
}

/**
 * Reads a multipart request: files of the given fields are streamed into the company's storage folder (the size
 * limit of @fastify/multipart answers 413), other files are skipped, text fields collected. A failure half way
 * removes what was already stored.
 */
export async function readMultipartUpload(
  request: FastifyRequest,
  storage: MediaStorage,
  companyId: number,
  folder: StorageFolder,
  fileFields: readonly string[],
): Promise<MultipartUpload> {
  const fields: Record<string, string[]> = {};
  const files: UploadedFile[] = [];
  const discard = async () => {
    await Promise.all(files.map((f) => storage.remove(f.relativePath)));
  };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (!fileFields.includes(part.fieldname)) {
          part.file.resume();
          continue;
        }
        const stored = await storage.saveStream(companyId, folder, part.filename || 'file', part.file);
        files.push({
          ...stored,
          mimetype: part.mimetype || 'application/octet-stream',
          originalName: part.filename,
        });
      } else if (typeof part.value === 'string') {
        (fields[part.fieldname] ??= []).push(part.value);
      }
    }
  } catch (error) {
    await discard();
    throw error;
  }
  return { fields, files, discard };
}
