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
  /** This token's own id: only the newest of a session works (refresh-token rotation). */
  jti: string;
}

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
/** Verified access tokens remembered (TokenService.verifyAccess): one per signed-in tab, far more than that. */
const VERIFIED_TOKENS_KEPT = 10_000;

export type VerifyResult<T> = { ok: true; claims: T } | { ok: false; reason: 'expired' | 'invalid' };

/** Signs and verifies access (15 min) and refresh (7 days) tokens with separate secrets. */
export class TokenService {
  // Verifying with a string secret makes jsonwebtoken build a key object (trying a public key first) on every
  // request; built once, the keys cost nothing per request.
  readonly #accessKey: KeyObject;
  readonly #refreshKey: KeyObject;
  /**
   * Access tokens already verified, with their expiry: a client sends the same token with every request for 15
   * minutes, and its signature, checked once, stays good. Checking it again was 4 % of a request's CPU. Expiry is
   * still checked on every use, as jsonwebtoken checks it; the oldest entries go first when it is full.
   */
  readonly #verifiedAccess = new Map<string, { claims: AccessClaims; exp: number }>();

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
    return jwt.sign({ ...claims }, this.refreshSecret, {
      expiresIn: REFRESH_TOKEN_TTL_SECONDS,
      algorithm: 'HS256',
    });
  }

  verifyAccess(token: string): VerifyResult<AccessClaims> {
    const known = this.#verifiedAccess.get(token);
    if (known) {
      if (Math.floor(Date.now() / 1000) < known.exp) return { ok: true, claims: known.claims };
      this.#verifiedAccess.delete(token);
      return { ok: false, reason: 'expired' };
    }
    const verified = verify<AccessClaims & { exp: number }>(token, this.#accessKey);
    if (verified.ok) {
      if (this.#verifiedAccess.size >= VERIFIED_TOKENS_KEPT) {
        const oldest = this.#verifiedAccess.keys().next().value;
        if (oldest !== undefined) this.#verifiedAccess.delete(oldest);
      }
      const claims = Object.freeze({ ...verified.claims });
      this.#verifiedAccess.set(token, { claims, exp: verified.claims.exp });
      return { ok: true, claims };
    }
    return verified;
  }

  verifyRefresh(token: string): VerifyResult<RefreshClaims> {
    const verified = verify<RefreshClaims>(token, this.#refreshKey);
    if (verified.ok && typeof verified.claims.jti !== 'string') return { ok: false, reason: 'invalid' };
    return verified;
  }
}

/** Checks signature and shape; every token we sign expires, so one without an expiry is not ours. */
function verify<T>(token: string, secret: KeyObject): VerifyResult<T> {
  try {
    const decoded = jwt.verify(token, secret, { algorithms: ['HS256'] });
    if (
      typeof decoded !== 'object' ||
      typeof decoded.id !== 'number' ||
      typeof decoded.companyId !== 'number' ||
      typeof decoded.tokenVersion !== 'number' ||
      typeof decoded.exp !== 'number'
    ) {
      return { ok: false, reason: 'invalid' };
    }
    return { ok: true, claims: decoded as T };
  } catch (error) {
    return { ok: false, reason: error instanceof jwt.TokenExpiredError ? 'expired' : 'invalid' };
  }
}
