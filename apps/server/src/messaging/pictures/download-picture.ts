import { ProviderError } from '../providers';

const TIMEOUT_MS = 10_000;
const MAX_BYTES = 5 * 1024 * 1024;

const extensions: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

export interface DownloadedPicture {
  data: Buffer;
  /** `avatar.<ext>` after the image type. */
  fileName: string;
}

/**
 * Fetches a profile picture from the address the provider gave (WhatsApp's picture CDN, the simulator's
 * picture server): images only, 5 MB at most, 10 s. Server errors and timeouts are transient (the job retries);
 * an answer that is not a picture is permanent.
 */
export async function downloadPicture(url: string): Promise<DownloadedPicture> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'follow' });
  } catch (error) {
    throw new ProviderError(`picture download failed: ${String(error)}`, true);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new ProviderError(`picture download answered ${response.status}`, response.status >= 500);
  }
  const mimetype = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const extension = extensions[mimetype];
  if (!extension) {
    await response.body?.cancel();
    throw new ProviderError(`picture download answered ${mimetype || 'no type'}, not an image`, false);
  }
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_BYTES) {
    await response.body?.cancel();
    throw new ProviderError(`picture of ${declared} bytes is over the limit`, false);
  }
  const data = Buffer.from(await response.arrayBuffer());
  if (data.length === 0 || data.length > MAX_BYTES) {
    throw new ProviderError(`picture of ${data.length} bytes refused`, false);
  }
  return { data, fileName: `avatar.${extension}` };
}
