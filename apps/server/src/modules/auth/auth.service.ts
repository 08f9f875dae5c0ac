import type { FastifyReply, FastifyRequest } from 'fastify';
import { companyEvent, rooms, type LoginInput, type SessionAnswer } from '@zapdesk/contracts';
import { companyBlock } from '../../platform/auth/actor';
import { verifyPassword } from '../../platform/auth/passwords';
import { REFRESH_TOKEN_TTL_SECONDS } from '../../platform/auth/tokens';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import { loadUserView } from '../users';
import type { LoginThrottle } from './login-throttle';
import { loadSessionUser } from './session-user';
import { endRefreshChain, rotateRefreshToken, startRefreshChain } from './refresh-rotation.repository';

export const REFRESH_COOKIE = 'jrt';
/** One answer for every ended session, whatever ended it: the reason is nobody's business but the log's. */
export const SESSION_ENDED = 'Session ended';

// A real hash to compare against when the e-mail is unknown, so timing does not reveal accounts.
const DUMMY_HASH = '$2b$10$9frp.A4p0d37iiwnTTkCQOq/2sHizPwgquRzmHWo0ixSvDRNJg7Te';

/** Checks the credentials, bumps the token version (other sessions end) and answers `{token, user}`. */
export async function login(
  ctx: AppContext,
  throttle: LoginThrottle,
  input: LoginInput,
  address: string,
  reply: FastifyReply,
): Promise<SessionAnswer> {
  // Before the password is even looked at: a waiting account or address learns nothing from a guess.
  await throttle.check(input.email, address);
  const found = await ctx.scopes.asSystem((tx) =>
    tx.db
      .selectFrom('users')
      .innerJoin('companies', 'companies.id', 'users.companyId')
      .where((eb) => eb(eb.fn('lower', ['users.email']), '=', input.email.toLowerCase()))
      .select([
        'users.id',
        'users.companyId',
        'users.passwordHash',
        'users.super',
        'users.email',
        'companies.status',
      ])
      .executeTakeFirst(),
  );
  const passwordOk = await verifyPassword(input.password, found?.passwordHash ?? DUMMY_HASH);
  if (!found || !passwordOk) {
    await throttle.failed(input.email, address);
    throw new AppError('ERR_INVALID_CREDENTIALS', 'Wrong e-mail or password');
  }
  await throttle.succeeded(input.email);
  if (!found.status && !found.super)
    throw new AppError('ERR_COMPANY_INACTIVE', 'Company inactive', { status: 401 });

  const { tokenVersion, user, jti } = await ctx.scopes.tenant(found.companyId).run(async (tx) => {
    const updated = await tx
      .updateTable('users')
      .set((eb) => ({ tokenVersion: eb('tokenVersion', '+', 1), online: true, lastSeenAt: new Date() }))
      .where('id', '=', found.id)
      .returning('tokenVersion')
      .executeTakeFirstOrThrow();
    return {
      tokenVersion: updated.tokenVersion,
      jti: await startRefreshChain(tx, found.id),
      user: await loadSessionUser(tx, found.id),
    };
  });
  ctx.actors.invalidate(found.id);
  // Every other session of this user learns it was replaced, before this one gets its token.
  ctx.realtime.emitRaw([rooms.user(found.id)], companyEvent(found.companyId, 'auth'), {
    action: 'update',
    user: { id: found.id, email: found.email, companyId: found.companyId },
  });
  return issueSession(
    ctx,
    reply,
    { id: found.id, companyId: found.companyId, profile: user.profile, tokenVersion },
    jti,
    user,
  );
}

/** Exchanges the jrt cookie for a new access token and a new (rotated) jrt. */
export async function refresh(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<SessionAnswer> {
  const refuse = (why: string): never => {
    clearRefreshCookie(ctx, reply);
    throw new AppError('ERR_SESSION_EXPIRED', why, { status: 401 });
  };
  const token = request.cookies[REFRESH_COOKIE];
  if (!token) return refuse('No refresh token');
  const verified = ctx.tokens.verifyRefresh(token);
  if (!verified.ok) return refuse('Invalid refresh token');
  const { id, companyId, tokenVersion } = verified.claims;
  ctx.actors.invalidate(id);
  const actor = await ctx.actors.load(id, companyId);
  if (!actor || actor.tokenVersion !== tokenVersion) return refuse(SESSION_ENDED);
  if (!actor.isSuper && companyBlock(actor.company, ctx.config.timeZone)) return refuse('Company blocked');
  const outcome = await ctx.scopes.tenant(companyId).run(async (tx) => {
    const rotation = await rotateRefreshToken(tx, verified.claims);
    return rotation.kind === 'rotated' ? { ...rotation, user: await loadSessionUser(tx, id) } : rotation;
  });
  switch (outcome.kind) {
    case 'rotated':
      return issueSession(
        ctx,
        reply,
        { id, companyId, profile: outcome.user.profile, tokenVersion },
        outcome.jti,
        outcome.user,
      );
    case 'raced':
      // Another tab's refresh with the same cookie won a moment ago; its new cookie is already in the browser.
      // `raced` tells the client to ask again in a moment, with that newer cookie.
      throw new AppError('ERR_SESSION_EXPIRED', 'Refresh token already used', {
        status: 401,
        extra: { raced: true },
      });
    case 'replayed':
      ctx.log.warn({ userId: id, companyId }, 'an old refresh token came back: session revoked');
      ctx.actors.invalidate(id);
      ctx.realtime.disconnectUser(id);
      return refuse(SESSION_ENDED);
    case 'ended':
      return refuse(SESSION_ENDED);
  }
}

/** Ends every session of the user: offline, token version bumped, cookie cleared. */
export async function logout(
  ctx: AppContext,
  userId: number,
  companyId: number,
  reply: FastifyReply,
): Promise<void> {
  await ctx.scopes.tenant(companyId).run(async (tx) => {
    const updated = await tx
      .updateTable('users')
      .set((eb) => ({ tokenVersion: eb('tokenVersion', '+', 1), online: false }))
      .where('id', '=', userId)
      .returning('id')
      .executeTakeFirst();
    if (!updated) return;
    await endRefreshChain(tx, userId);
    const user = await loadUserView(tx, userId);
    tx.afterCommit(() => ctx.realtime.emitToCompany(companyId, 'user', { action: 'update', user }));
  });
  ctx.actors.invalidate(userId);
  // Every socket of the user closes at once, on every node: after logout nothing of the company reaches them.
  ctx.realtime.disconnectUser(userId);
  clearRefreshCookie(ctx, reply);
}

function issueSession(
  ctx: AppContext,
  reply: FastifyReply,
  claims: { id: number; companyId: number; profile: string; tokenVersion: number },
  jti: string,
  user: SessionAnswer['user'],
): SessionAnswer {
  const token = ctx.tokens.signAccess(claims);
  const refreshToken = ctx.tokens.signRefresh({
    id: claims.id,
    companyId: claims.companyId,
    tokenVersion: claims.tokenVersion,
    jti,
  });
  reply.setCookie(REFRESH_COOKIE, refreshToken, { ...cookieOptions(ctx), maxAge: REFRESH_TOKEN_TTL_SECONDS });
  return { token, user };
}

function cookieOptions(ctx: AppContext) {
  const crossSite = new URL(ctx.config.frontendUrl).origin !== new URL(ctx.config.backendUrl).origin;
  return {
    httpOnly: true,
    path: '/',
    secure: ctx.config.isProduction || crossSite,
    sameSite: crossSite ? ('none' as const) : ('lax' as const),
  };
}

function clearRefreshCookie(ctx: AppContext, reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, cookieOptions(ctx));
}
