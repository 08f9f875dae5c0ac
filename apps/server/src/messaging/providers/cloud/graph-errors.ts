import { z } from 'zod';
import { ProviderError } from '..';

/** A failure Graph explained; `isAuthFailure` when the token or app no longer opens the number (401, code 190). */
export class GraphError extends ProviderError {
  constructor(
    message: string,
    transient: boolean,
    readonly httpStatus: number,
    readonly graphCode: number | undefined,
  ) {
    super(message, transient);
    this.name = 'GraphError';
  }

  get isAuthFailure(): boolean {
    return this.httpStatus === 401 || this.graphCode === 190;
  }
}

/** Graph's error answer: `{error: {message, code, error_data: {details}}}`. */
const GraphErrorBody = z.object({
  error: z.object({
    message: z.string().optional(),
    code: z.number().optional(),
    error_subcode: z.number().optional(),
    error_data: z.object({ details: z.string().optional() }).optional(),
  }),
});

/**
 * Graph codes that mean "not now" even when the HTTP status is a 4xx: temporary errors (1, 2), throttling
 * (4, 80007, 130429, 131048, 131056) and "service unavailable" (131016).
 */
const TRANSIENT_CODES = new Set([1, 2, 4, 80007, 130429, 131016, 131048, 131056]);

/**
 * A Graph answer that is not a success, as the port's error: 429, 5xx and throttling codes are transient
 * (the send worker retries them); other 4xx are permanent and carry Graph's own explanation.
 */
export function graphAnswerError(action: string, status: number, rawBody: string): GraphError {
  let parsed: z.infer<typeof GraphErrorBody> | undefined;
  try {
    const result = GraphErrorBody.safeParse(JSON.parse(rawBody));
    if (result.success) parsed = result.data;
  } catch {
    // Not JSON (a proxy's error page): the status alone decides.
  }
  const error = parsed?.error;
  const transient =
    status === 429 || status >= 500 || (error?.code !== undefined && TRANSIENT_CODES.has(error.code));
  const details = error?.error_data?.details;
  const text = [
    error?.message ?? `HTTP ${status}`,
    details && details !== error?.message ? details : undefined,
  ]
    .filter(Boolean)
    .join(': ');
  const code =
    error?.code !== undefined ? ` (Graph code ${error.code}, HTTP ${status})` : ` (HTTP ${status})`;
  return new GraphError(`${action} failed: ${text}${code}`, transient, status, error?.code);
}

/** No answer at all (refused connection, DNS, timeout): always worth retrying. */
export function graphNetworkError(action: string, error: unknown): ProviderError {
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  const message = error instanceof Error ? error.message : String(error);
  return new ProviderError(`${action} failed: ${message}${cause}`, true);
}

/** Graph answered 2xx with a body we cannot read: a change on their side, not worth a retry storm. */
export function graphShapeError(action: string, issue: string): ProviderError {
  return new ProviderError(`${action} failed: unexpected Graph answer (${issue})`, false);
}
