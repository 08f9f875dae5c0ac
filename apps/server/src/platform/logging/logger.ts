import type { FastifyRequest } from 'fastify';

/** First path segments whose following segments carry secrets (reset codes, new passwords, e-mails). */
const SECRET_ROUTES = new Set(['resetpasswords', 'forgetpassword']);

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The request path as logs may show it: no query string, and nothing after a secret route's first
 * segment. Matching ignores case, encoding and repeated slashes, as a router might.
 */
export function safeUrl(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  const segments = path.split('/').filter((s) => s !== '');
  const first = segments[0];
  if (first !== undefined && SECRET_ROUTES.has(decoded(first).split(';', 1)[0]?.toLowerCase() ?? '')) {
    return segments.length > 1 ? `/${first}/[redacted]` : `/${first}`;
  }
  return path;
}

/** pino options for Fastify: request ids, redacted secrets. */
export function loggerOptions(level: string) {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.newPassword',
        '*.token',
        '*.codeHash',
        '*.passwordHash',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: FastifyRequest) => ({ id: req.id, method: req.method, url: safeUrl(req.url) }),
    },
  };
}

/**
 * Adds bindings (company, user) to the request's own logger, which the reply's "request completed" line shares.
 * A child logger would make the request's logger a prototype, which V8 gives a map of its own in the old
 * generation: that map kept each request's objects alive past young collections, several megabytes a second.
 */
export function bindRequestLog(request: FastifyRequest, bindings: Record<string, unknown>): void {
  const log = request.log as FastifyRequest['log'] & {
    setBindings?: (bindings: Record<string, unknown>) => void;
  };
  if (typeof log.setBindings === 'function') log.setBindings(bindings);
  else request.log = log.child(bindings);
}
