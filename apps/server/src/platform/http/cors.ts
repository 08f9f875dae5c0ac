import type { FastifyCorsOptions } from '@fastify/cors';

/** Every method the route table uses: a client on FRONTEND_URL edits, deletes and logs out, not only reads. */
export const CORS_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** The request headers a web client sends: its bearer token, JSON or multipart bodies, the language. */
export const CORS_HEADERS = [
  'Authorization',
  'Content-Type',
  'Accept',
  'Accept-Language',
  'X-Requested-With',
];

/**
 * CORS for a web client served from another origin (FRONTEND_URL): credentials (the refresh cookie) and the
 * preflight for every method and header it uses. The answer's own headers a client reads are exposed too.
 */
export function corsOptions(frontendUrl: string): FastifyCorsOptions {
  return {
    origin: frontendUrl,
    credentials: true,
    methods: [...CORS_METHODS],
    allowedHeaders: CORS_HEADERS,
    exposedHeaders: ['Content-Disposition'],
    maxAge: 600,
  };
}
