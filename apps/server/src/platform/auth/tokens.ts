import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';

export interface AccessClaims {
  id: number;
  profile: string;
  companyId: number;
  tokenVersion: number;
}

export interface RefreshClaims {
  id: number;
  companyId: number;
  tokenVersion: number;
}

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;

export type VerifyResult<T> = { ok: true; claims: T } | { ok: false; reason: 'expired' | 'invalid' };

/** Signs and verifies access (15 min) and refresh (7 days) tokens with separate secrets. */
export class TokenService {
  // Verifying with a string secret makes jsonwebtoken build a key object (trying a public key first) on every
  // request; built once, the keys cost nothing per request.
  readonly #accessKey: KeyObject;
  readonly #refreshKey: KeyObject;

  constructor(
    private readonly accessSecret: string,
    private readonly refreshSecret: string,
    private readonly accessTtl = ACCESS_TOKEN_TTL_SECONDS,
  ) {
    this.#accessKey = createSecretKey(Buffer.from(accessSecret, 'utf8'));
    this.#refreshKey = createSecretKey(Buffer.from(refreshSecret, 'utf8'));
  }

  signAccess(claims: AccessClaims): string {
    return jwt.sign({ ...claims }, this.accessSecret, { expiresIn: this.accessTtl, algorithm: 'HS256' });
  }

  signRefresh(claims: RefreshClaims): string {
    // jti makes every rotated token distinct even within the same second.
    return jwt.sign({ ...claims, jti: crypto.randomUUID() }, this.refreshSecret, {
      expiresIn: REFRESH_TOKEN_TTL_SECONDS,
      algorithm: 'HS256',
    });
  }

  verifyAccess(token: string): VerifyResult<AccessClaims> {
    return verify<AccessClaims>(token, this.#accessKey);
  }

  verifyRefresh(token: string): VerifyResult<RefreshClaims> {
    return verify<RefreshClaims>(token, this.#refreshKey);
  }
}

function verify<T>(token: string, secret: KeyObject): VerifyResult<T> {
  try {
    const decoded = jwt.verify(token, secret, { algorithms: ['HS256'] });
    if (
      typeof decoded !== 'object' ||
      typeof decoded.id !== 'number' ||
      typeof decoded.companyId !== 'number'
    ) {
      return { ok: false, reason: 'invalid' };
    }
    return { ok: true, claims: decoded as T };
  } catch (error) {
    return { ok: false, reason: error instanceof jwt.TokenExpiredError ? 'expired' : 'invalid' };
  }
}
