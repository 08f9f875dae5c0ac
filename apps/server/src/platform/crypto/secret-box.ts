import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config/config';

/** Where the installation's encryption secret is generated on first use when the environment sets none. */
export const ENCRYPTION_SECRET_FILE = 'encryption-secret';
const PREFIX = 'enc:v1:';

/**
 * Encrypts secrets kept in the database (API keys, service-account keys) with AES-256-GCM under a key derived
 * (HKDF-SHA256) from the installation's secret: `ENCRYPTION_SECRET` when set, else one generated on the data
 * folder's first use and kept in DATA_DIR (mode 0600). Nothing is built in, so a database dump alone reveals no
 * key. Values stored before encryption existed (no prefix) read as they are and are encrypted on their next save.
 */
export class SecretBox {
  readonly #key: Buffer;

  constructor(secret: string) {
    this.#key = Buffer.from(hkdfSync('sha256', secret, 'zapdesk', 'secret-box:v1', 32));
  }

  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${PREFIX}${iv.toString('base64url')}:${cipher.getAuthTag().toString('base64url')}:${body.toString('base64url')}`;
  }

  /** Throws when the value was encrypted under another secret or altered. */
  decrypt(stored: string): string {
    if (!stored.startsWith(PREFIX)) return stored;
    const [iv, tag, body] = stored.slice(PREFIX.length).split(':');
    if (iv === undefined || tag === undefined || body === undefined)
      throw new Error('damaged encrypted value');
    const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }
}

const boxes = new Map<string, SecretBox>();

/** The installation's box (one per secret source, read once per process). */
export function secretBoxFor(config: Pick<Config, 'dataDir' | 'encryptionSecret'>): SecretBox {
  const cacheKey = config.encryptionSecret ? `env:${config.encryptionSecret}` : `dir:${config.dataDir}`;
  let box = boxes.get(cacheKey);
  if (!box) {
    box = new SecretBox(config.encryptionSecret ?? loadOrCreateSecret(config.dataDir));
    boxes.set(cacheKey, box);
  }
  return box;
}

function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, ENCRYPTION_SECRET_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  const fresh = randomBytes(32).toString('base64url');
  try {
    // 'wx': two processes starting together on one folder cannot both write; the loser reads the winner's.
    fs.writeFileSync(file, `${fresh}\n`, { mode: 0o600, flag: 'wx' });
    return fresh;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const stored = fs.readFileSync(file, 'utf8').trim();
  if (stored.length < 32)
    throw new Error(`${file} is damaged: restore it from a backup (encrypted keys need it)`);
  return stored;
}
