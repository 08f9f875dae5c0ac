import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';

/** The deepest JSON body accepted. No form of the product nests beyond a handful of levels. */
export const MAX_JSON_DEPTH = 32;

/**
 * Parses JSON bodies as Fastify does (prototype poisoning refused), after refusing bodies nested deeper than
 * MAX_JSON_DEPTH: every later step that walks a value (validation, the NUL check, logging) could otherwise run out
 * of stack on a body of 5,000 brackets and answer 500.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      done(
        new AppError('ERR_VALIDATION', `JSON body nested deeper than ${MAX_JSON_DEPTH} levels`, {
          status: 400,
        }),
        undefined,
      );
      return;
    }
    // The default parser answers through `done`; what it returns is not needed.
    void parse(request, text, done);
  });
}

/** Whether brackets outside strings nest deeper than `limit`; one pass over the text, no parsing. */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i += 1;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth -= 1;
    }
  }
  return false;
}
