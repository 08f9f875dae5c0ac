import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AuthMode, RouteBody, RouteDef, RouteParams, RouteQuery } from '@zapdesk/contracts';
import { companyBlock, isAdmin, type Actor, type ActorLoader } from '../auth/actor';
import type { TokenService } from '../auth/tokens';
import type { Scopes, TenantScope } from '../tenancy';
import { AppError } from './app-error';
import { parseInput } from './validation';
import { bindRequestLog } from '../logging/logger';

/** A caller identified by a connection's API token (external API). */
export interface ApiCaller {
  companyId: number;
  whatsappId: number;
}

type StaffMode = 'user' | 'admin' | 'super';
type CallerFor<R extends RouteDef> = R['auth'] extends StaffMode
  ? Actor
  : R['auth'] extends 'apiToken'
    ? ApiCaller
    : undefined;
type ScopeFor<R extends RouteDef> = R['auth'] extends StaffMode | 'apiToken' ? TenantScope : undefined;

export interface RouteContext<R extends RouteDef> {
  params: RouteParams<R>;
  query: RouteQuery<R>;
  body: RouteBody<R>;
  actor: CallerFor<R>;
  scope: ScopeFor<R>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type RouteHandler<R extends RouteDef> = (ctx: RouteContext<R>) => Promise<unknown>;

export interface BindOptions {
  /** Requests per minute per client address; enforced when rate limiting is on. */
  rateLimitPerMinute?: number;
  /** Answer status on success (default 200). */
  status?: number;
}

export interface BinderDeps {
  tokens: TokenService;
  actors: ActorLoader;
  scopes: Scopes;
  timeZone: string;
  rateLimitEnabled: boolean;
  /** Resolvers for modes owned by other modules (apiToken by the external API, webhook by providers). */
  resolveApiToken?: (request: FastifyRequest) => Promise<ApiCaller>;
}

export type Bind = <R extends RouteDef>(route: R, handler: RouteHandler<R>, options?: BindOptions) => void;

/** Every route bound so far, with its auth mode: the auth-mode listing test reads it. */
export const boundRoutes: Array<{ method: string; path: string; auth: AuthMode }> = [];

/** Creates `bind(route, handler)`: validation with the contract schemas, authentication, gates. */
export function createBinder(app: FastifyInstance, deps: BinderDeps): Bind {
  return (route, handler, options = {}) => {
    boundRoutes.push({ method: route.method, path: route.path, auth: route.auth });
    const rateLimit =
      deps.rateLimitEnabled && options.rateLimitPerMinute
        ? { max: options.rateLimitPerMinute, timeWindow: 60_000 }
        : false;
    app.route({
      method: route.method,
      url: route.path,
      schema: docSchema(route),
      config: { rateLimit },
      handler: async (request, reply) => {
        const caller = await authenticate(route, request, deps);
        const params = route.params ? parseInput(route.params, request.params) : undefined;
        const query = route.query ? parseInput(route.query, request.query) : undefined;
        const body = route.body && !route.multipart ? parseInput(route.body, request.body) : undefined;
        const scope = caller ? deps.scopes.tenant(caller.companyId) : undefined;
        const ctx = { params, query, body, actor: caller, scope, request, reply } as unknown as RouteContext<
          typeof route
        >;
        const result = await handler(ctx);
        if (reply.sent) return reply;
        if (options.status) reply.status(options.status);
        return result ?? null;
      },
    });
  };
}

async function authenticate(
  route: RouteDef,
  request: FastifyRequest,
  deps: BinderDeps,
): Promise<Actor | ApiCaller | undefined> {
  switch (route.auth) {
    case 'public':
    case 'webhook':
      return undefined;
    case 'apiToken': {
      if (!deps.resolveApiToken) throw new AppError('ERR_INVALID_API_TOKEN');
      return deps.resolveApiToken(request);
    }
    case 'user':
    case 'admin':
    case 'super': {
      const actor = await authenticateStaff(request, deps);
      if (route.auth === 'admin' && !isAdmin(actor)) throw AppError.forbidden();
      if (route.auth === 'super' && !actor.isSuper) throw AppError.forbidden();
      if (!actor.isSuper && !route.allowBlockedCompany) {
        const block = companyBlock(actor.company, deps.timeZone);
        if (block) throw new AppError(block, 'Company blocked', { status: 403 });
      }
      if (route.planFlag && actor.company.plan?.flags[route.planFlag] !== true) {
        throw new AppError('ERR_PLAN_FEATURE_DISABLED');
      }
      return actor;
    }
  }
}

/** Verifies the bearer token and loads the actor (server-behaviour 1.2: 401 vs 403). */
export async function authenticateStaff(request: FastifyRequest, deps: BinderDeps): Promise<Actor> {
  const header = request.headers.authorization ?? '';
  const [kind, token] = header.split(' ');
  if (kind !== 'Bearer' || !token)
    throw new AppError('ERR_SESSION_EXPIRED', 'Missing token', { status: 401 });
  const verified = deps.tokens.verifyAccess(token);
  if (!verified.ok) throw new AppError('ERR_SESSION_EXPIRED', `Token ${verified.reason}`, { status: 403 });
  const actor = await deps.actors.load(verified.claims.id, verified.claims.companyId);
  // A deleted user and a revoked token get the same answer: a token must not tell whether an account exists.
  if (!actor || actor.tokenVersion !== verified.claims.tokenVersion) {
    throw new AppError('ERR_SESSION_EXPIRED', 'Session ended', { status: 401 });
  }
  bindRequestLog(request, { companyId: actor.companyId, userId: actor.userId });
  return actor;
}

function docSchema(route: RouteDef) {
  const security = route.auth === 'public' || route.auth === 'webhook' ? [] : [{ bearer: [] }];
  return {
    summary: route.summary,
    tags: [route.path.split('/')[1] ?? 'root'],
    description: `Auth: ${route.auth}${route.planFlag ? `; plan flag ${route.planFlag}` : ''}`,
    security,
    ...(route.params ? { params: toJsonSchema(route.params) } : {}),
    ...(route.query ? { querystring: toJsonSchema(route.query) } : {}),
    ...(route.body ? { body: toJsonSchema(route.body) } : {}),
    ...(route.multipart
      ? { consumes: route.body ? ['application/json', 'multipart/form-data'] : ['multipart/form-data'] }
      : {}),
  };
}

function toJsonSchema(schema: z.ZodType): Record<string, unknown> {
  try {
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
    delete json.$schema;
    return json;
  } catch {
    return { type: 'object' };
  }
}
