import path from 'node:path';
import type { MediaStorage } from '../../../platform/storage/media-storage';
import { BotProviderError } from '../runners/bot-actions';
import type { SavedMedia } from './bot-turn-apply';

const MAX_BYTES = 16 * 1024 * 1024;
const TIMEOUT_MS = 15_000;

/** Fetches a file a bot provider serves by URL (Typebot images, audio) into the company's message storage. */
export async function saveProviderMedia(
  storage: MediaStorage,
  companyId: number,
  url: string,
): Promise<SavedMedia> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new BotProviderError(`bot media ${url} unreachable: ${(error as Error).message}`);
  }
  if (!response.ok) throw new BotProviderError(`bot media ${url} answered ${response.status}`);
  const data = Buffer.from(await response.arrayBuffer());
  if (data.length > MAX_BYTES) throw new BotProviderError(`bot media ${url} is larger than 16 MB`);
  const mimetype =
    (response.headers.get('content-type') ?? 'application/octet-stream').split(';')[0]?.trim() ?? '';
  const name = path.basename(new URL(url).pathname) || 'media';
  const stored = await storage.save(companyId, 'messages', name, data);
  return { path: stored.relativePath, fileName: stored.fileName, mimetype };
}
