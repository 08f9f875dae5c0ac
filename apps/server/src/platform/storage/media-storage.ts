import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

/** Folders a company's files may go to; callers pick one, never a path (server-behaviour 1.8). */
export const storageFolders = [
  'messages',
  'quickMessages',
  'schedules',
  'queues',
  'announcements',
  'files',
  'campaigns',
  'contacts',
] as const;
export type StorageFolder = (typeof storageFolders)[number];

export interface StoredFile {
  /** Relative to the public folder: `company{cid}/<folder>/<uuid>-<name>`; what the database keeps. */
  relativePath: string;
  absolutePath: string;
  /** The reduced original name (without the uuid prefix). */
  fileName: string;
  size: number;
}

/** Reduces a client-given file name to `[A-Za-z0-9._-]` (spaces become `_`), never empty, never hidden. */
export function safeFileName(name: string): string {
  const base = path.basename(name.replace(/\\/g, '/'));
  const reduced = base
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, '_')
    .replace(/[^A-Za-z0-9._-]/g, '')
    .replace(/^\.+/, '');
  const trimmed = reduced.slice(-120);
  return trimmed.length > 0 ? trimmed : 'file';
}

/**
 * Media files on local disk under DATA_DIR/public, served read-only at `/public/`. Each file gets an unguessable
 * uuid prefix and is created exclusively, so nothing is ever overwritten.
 */
export class MediaStorage {
  constructor(
    readonly root: string,
    private readonly backendUrl: string,
  ) {}

  private target(companyId: number, folder: StorageFolder, name: string) {
    if (!Number.isInteger(companyId) || companyId <= 0) throw new Error(`Invalid company ${companyId}`);
    const fileName = safeFileName(name);
    const relativePath = `company${companyId}/${folder}/${randomUUID()}-${fileName}`;
    const absolutePath = path.join(this.root, relativePath);
    fs.mkdirSync(path.dirname(absolutePath), { recursive: true });
    return { relativePath, absolutePath, fileName };
  }

  async save(companyId: number, folder: StorageFolder, name: string, data: Buffer): Promise<StoredFile> {
    const target = this.target(companyId, folder, name);
    await fs.promises.writeFile(target.absolutePath, data, { flag: 'wx' });
    return { ...target, size: data.length };
  }

  /** Streams an upload to disk (the caller checks its own size limit, e.g. a multipart part's `truncated`). */
  async saveStream(
    companyId: number,
    folder: StorageFolder,
    name: string,
    stream: Readable,
  ): Promise<StoredFile> {
    const target = this.target(companyId, folder, name);
    try {
      await pipeline(stream, fs.createWriteStream(target.absolutePath, { flags: 'wx' }));
    } catch (error) {
      await fs.promises.rm(target.absolutePath, { force: true });
      throw error;
    }
    const { size } = await fs.promises.stat(target.absolutePath);
    return { ...target, size };
  }

  /** The absolute path of a stored relative path; refuses anything outside the public folder. */
  absolutePath(relativePath: string): string {
    const absolute = path.resolve(this.root, relativePath);
    if (!absolute.startsWith(path.resolve(this.root) + path.sep)) throw new Error('Path outside storage');
    return absolute;
  }

  publicUrl(relativePath: string): string {
    return `${this.backendUrl.replace(/\/+$/, '')}/public/${relativePath}`;
  }

  /**
   * The stored relative path a `/public/…` address (absolute or not) names, when it is a file of this company
   * that exists; null otherwise. Lets a client resend a stored file without the server fetching any URL.
   */
  ownFileFromUrl(companyId: number, url: string): string | null {
    let pathname = url;
    try {
      pathname = new URL(url, this.backendUrl).pathname;
    } catch {
      return null;
    }
    let decoded: string;
    try {
      decoded = decodeURI(pathname);
    } catch {
      // A broken %-escape (`/public/%E0%A4%A`) names no file of ours.
      return null;
    }
    const match = /^\/public\/(company(\d+)\/[A-Za-z0-9_-]+\/[A-Za-z0-9._-]+)$/.exec(decoded);
    if (!match?.[1] || Number(match[2]) !== companyId) return null;
    const relativePath = match[1];
    try {
      return fs.statSync(this.absolutePath(relativePath)).isFile() ? relativePath : null;
    } catch {
      return null;
    }
  }

  async remove(relativePath: string): Promise<void> {
    await fs.promises.rm(this.absolutePath(relativePath), { force: true });
  }
}
