/** A failed API answer: HTTP status plus the server's `error` code when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly body: unknown;
  /** True when this failure ended the session; the user is being sent to /login, so no toast. */
  readonly sessionEnded: boolean;

  constructor(status: number, code: string | undefined, body: unknown, sessionEnded = false) {
    super(code ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.body = body;
    this.sessionEnded = sessionEnded;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

export const isNotFound = (error: unknown): boolean => isApiError(error) && error.status === 404;
