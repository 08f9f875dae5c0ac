import type { FastifyRequest } from 'fastify';

/** Paths whose segments carry secrets (reset codes, new passwords, e-mails) are never logged as such. */
const SECRET_PATHS = [/^\/resetpasswords\/.*/, /^\/forgetpassword\/.*/];

export function safeUrl(url: string): string {
  const path = url.split('?')[0] ?? url;
  for (const pattern of SECRET_PATHS) {
    if (pattern.test(path)) return path.split('/').slice(0, 2).join('/') + '/[redacted]';
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
        '*.token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: FastifyRequest) => ({ id: req.id, method: req.method, url: safeUrl(req.url) }),
    },
  };
}
