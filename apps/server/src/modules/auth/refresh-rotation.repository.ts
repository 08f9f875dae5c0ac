import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { RefreshClaims } from '../../platform/auth/tokens';
import type { TenantTx } from '../../platform/tenancy';

/**
 * How long the token a rotation replaced is answered as "another tab refreshed first" rather than as a replay:
 * two tabs refreshing at the same moment send the same cookie, and only one can win.
 */
export const ROTATION_RACE_SECONDS = 10;

export type RotationOutcome =
  /** The token was the session's newest: `jti` names its successor. */
  | { kind: 'rotated'; jti: string }
  /** The session ended (logout, new login, password or profile change) or the user is gone. */
  | { kind: 'ended' }
  /** The token was replaced a moment ago by a concurrent refresh; the session goes on. */
  | { kind: 'raced' }
  /** An older token of the session came back: someone kept a copy. The session is revoked. */
  | { kind: 'replayed' };

/** Starts a session's chain of refresh tokens (login): answers the first token's id. */
export async function startRefreshChain(tx: TenantTx, userId: number): Promise<string> {
  const jti = randomUUID();
  await tx
    .updateTable('users')
    .set({ refreshTokenId: jti, previousRefreshTokenId: null, refreshRotatedAt: null })
    .where('id', '=', userId)
    .execute();
  return jti;
}

/** Forgets the user's refresh tokens (logout; the token version bump already refuses them). */
export async function endRefreshChain(tx: TenantTx, userId: number): Promise<void> {
  await tx
    .updateTable('users')
    .set({ refreshTokenId: null, previousRefreshTokenId: null, refreshRotatedAt: null })
    .where('id', '=', userId)
    .execute();
}

/**
 * Exchanges a refresh token for its successor, atomically: of two requests with the same token only one
 * rotates. A token the rotation left behind revokes the session (token version bumped) unless it lost a race
 * of the last few seconds.
 */
export async function rotateRefreshToken(tx: TenantTx, claims: RefreshClaims): Promise<RotationOutcome> {
  const jti = randomUUID();
  const rotated = await tx
    .updateTable('users')
    .set((eb) => ({
      previousRefreshTokenId: eb.ref('refreshTokenId'),
      refreshTokenId: jti,
      refreshRotatedAt: sql<Date>`now()`,
    }))
    .where('id', '=', claims.id)
    .where('tokenVersion', '=', claims.tokenVersion)
    // No id yet: a session that began before rotation existed; its token starts the chain.
    .where((eb) => eb.or([eb('refreshTokenId', '=', claims.jti), eb('refreshTokenId', 'is', null)]))
    .returning('id')
    .executeTakeFirst();
  if (rotated) return { kind: 'rotated', jti };

  const user = await tx
    .selectFrom('users')
    .where('id', '=', claims.id)
    .select((eb) => [
      'tokenVersion',
      eb
        .and([
          eb('previousRefreshTokenId', '=', claims.jti),
          eb('refreshRotatedAt', '>', sql<Date>`now() - make_interval(secs => ${ROTATION_RACE_SECONDS})`),
        ])
        .as('justReplaced'),
    ])
    .executeTakeFirst();
  if (!user || user.tokenVersion !== claims.tokenVersion) return { kind: 'ended' };
  if (user.justReplaced) return { kind: 'raced' };
  await tx
    .updateTable('users')
    .set((eb) => ({
      tokenVersion: eb('tokenVersion', '+', 1),
      refreshTokenId: null,
      previousRefreshTokenId: null,
      refreshRotatedAt: null,
    }))
    .where('id', '=', claims.id)
    .execute();
  return { kind: 'replayed' };
}
