import type { FastifyError, FastifyInstance } from 'fastify';
import type { ErrorBody } from '@zapdesk/contracts';
import { AppError } from './app-error';

/** Every failure leaves as `{error, message, fields?}`; unexpected ones are logged and answered 500. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorBody = { error: error.code, message: error.message, ...(error.details.extra ?? {}) };
      if (error.details.fields) body.fields = error.details.fields;
      if (error.status >= 500) request.log.error({ err: error }, 'request failed');
      return reply.status(error.status).send(body);
    }
    if (isMalformedMultipart(error)) {
      return reply
        .status(400)
        .send({ error: 'ERR_VALIDATION', message: `Malformed multipart body: ${error.message}` });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply
        .status(429)
        .send({ error: 'ERR_TOO_MANY_REQUESTS', message: 'Too many requests, try again later' });
    }
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.status(413).send({ error: 'ERR_PAYLOAD_TOO_LARGE', message: 'Payload too large' });
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type and the like: the client's fault, said plainly.
      return reply.status(400).send({ error: 'ERR_VALIDATION', message: error.message });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({
      error: 'ERR_INTERNAL_SERVER_ERROR',
      message: 'Unexpected error, try again later',
      requestId: request.id,
    });
  });
}

/**
 * The multipart parser (busboy) fails a body cut short, with a missing or overlong boundary or a broken part header
 * with plain errors and no status: they are the client's malformed body, not a server failure.
 */
const MULTIPART_PARSER_ERRORS = [
  /^Unexpected end of multipart data$/,
  /terminated early due to unexpected end of multipart data$/,
  /^Multipart: Boundary not found$/,
  /^Boundary required$/,
  /^The needle cannot (be an empty|have a length bigger)/,
];

function isMalformedMultipart(error: Error & { statusCode?: number }): boolean {
  return (
    error.statusCode === undefined && MULTIPART_PARSER_ERRORS.some((pattern) => pattern.test(error.message))
  );
}

/** Unknown routes answer 404 JSON, except browser navigations, which get the web app's index page. */
export function installNotFound(app: FastifyInstance, spaHtml: string | undefined): void {
  app.setNotFoundHandler((request, reply) => {
    // Client-side routes of the web app (/tickets/…) are answered with its index page.
    if (spaHtml && request.method === 'GET' && (request.headers.accept ?? '').includes('text/html')) {
      return reply.type('text/html').send(spaHtml);
    }
    return reply
      .status(404)
      .send({ error: 'ERR_NOT_FOUND', message: `No route ${request.method} ${request.url.split('?')[0]}` });
  });
}
