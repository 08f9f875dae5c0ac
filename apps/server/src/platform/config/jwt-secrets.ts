import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { StartupError } from '../runtime/startup-error';
import type { Config } from './config';

/** The configuration a server runs with: its token secrets always known. */
export type ServerConfig = Config & { jwtSecret: string; jwtRefreshSecret: string };

/** Where secrets generated on the first start are kept, readable by the owner only. */
export const SECRETS_FILE = 'secrets.json';

interface StoredSecrets {
  jwtSecret: string;
  jwtRefreshSecret: string;
}

/**
 * The token secrets: from the environment when set (required in production), else the ones generated on this
 * data folder's first start and kept in DATA_DIR/secrets.json (mode 0600). Nothing is built in: a token signed
 * for one installation is worthless on any other.
 */
export function withJwtSecrets(config: Config): ServerConfig {
  if (config.jwtSecret && config.jwtRefreshSecret) {
    return { ...config, jwtSecret: config.jwtSecret, jwtRefreshSecret: config.jwtRefreshSecret };
  }
  const stored = loadOrCreateSecrets(config.dataDir);
  return {
    ...config,
    jwtSecret: config.jwtSecret ?? stored.jwtSecret,
    jwtRefreshSecret: config.jwtRefreshSecret ?? stored.jwtRefreshSecret,
  };
}

function loadOrCreateSecrets(dataDir: string): StoredSecrets {
  const file = path.join(dataDir, SECRETS_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  const fresh: StoredSecrets = {
    jwtSecret: randomBytes(48).toString('base64url'),
    jwtRefreshSecret: randomBytes(48).toString('base64url'),
  };
  try {
    // 'wx': two processes starting at once on one folder cannot both write; the loser reads the winner's.
    fs.writeFileSync(file, JSON.stringify(fresh, null, 2) + '\n', { mode: 0o600, flag: 'wx' });
    return fresh;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  // Kept private even when someone loosened the file's mode by hand.
  if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
  return parseSecrets(file, fs.readFileSync(file, 'utf8'));
}

function parseSecrets(file: string, text: string): StoredSecrets {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const secrets = parsed as Partial<StoredSecrets> | undefined;
  if (
    typeof secrets?.jwtSecret !== 'string' ||
    secrets.jwtSecret.length < 32 ||
    typeof secrets.jwtRefreshSecret !== 'string' ||
    secrets.jwtRefreshSecret.length < 32
  ) {
    throw new StartupError(
      `${file} is damaged: it should hold jwtSecret and jwtRefreshSecret.`,
      'Restore it from a backup, or delete it to generate new secrets (everyone will have to log in again).',
    );
  }
  return { jwtSecret: secrets.jwtSecret, jwtRefreshSecret: secrets.jwtRefreshSecret };
}
