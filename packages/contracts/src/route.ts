import type { z } from 'zod';

/** How a route authenticates its caller. Every route declares one; a test lists them all. */
export type AuthMode = 'public' | 'user' | 'admin' | 'super' | 'apiToken' | 'webhook';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export const planFlags = [
  'useCampaigns',
  'useKanban',
  'useOpenAi',
  'useIntegrations',
  'useSchedules',
  'useInternalChat',
  'useExternalApi',
] as const;
export type PlanFlag = (typeof planFlags)[number];

export interface RouteDef {
  method: HttpMethod;
  /** Fastify-style path: `/users/:id`. */
  path: string;
  auth: AuthMode;
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Reachable by a company whose subscription expired or that is inactive (server-behaviour 1.5). */
  allowBlockedCompany?: boolean;
  /** Refused with ERR_PLAN_FEATURE_DISABLED when the company's plan lacks this flag. */
  planFlag?: PlanFlag;
  /** Multipart upload route: the body is read from form fields and files. */
  multipart?: boolean;
}

/** Declares a route of the table; keeps the literal types so the binder can infer handler types. */
export const defineRoute = <const R extends RouteDef>(route: R): R => route;

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;
export type RouteParams<R extends RouteDef> = Infer<R['params']>;
export type RouteQuery<R extends RouteDef> = Infer<R['query']>;
export type RouteBody<R extends RouteDef> = Infer<R['body']>;

/** Fills `:name` segments of a route path; the web client builds every URL with it. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:(\w+)\??/g, (_, name: string) => {
    const value = params[name];
    return value === undefined ? '' : encodeURIComponent(String(value));
  });
}
