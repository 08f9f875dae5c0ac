import { errorStatuses, type ErrorCode } from '@zapdesk/contracts';

/** The one error type services throw; the error handler turns it into `{error, message, fields?}`. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details: {
      fields?: Record<string, string>;
      status?: number;
      extra?: Record<string, unknown>;
    } = {},
  ) {
    super(message ?? code);
    this.name = 'AppError';
    this.status = details.status ?? errorStatuses[code];
  }

  static notFound(code: ErrorCode = 'ERR_NOT_FOUND'): AppError {
    return new AppError(code, 'Not found', { status: 404 });
  }

  static forbidden(code: ErrorCode = 'ERR_NO_PERMISSION'): AppError {
    return new AppError(code, 'No permission', { status: 403 });
  }

  static validation(fields: Record<string, string>): AppError {
    const first = Object.values(fields)[0] ?? 'Invalid input';
    return new AppError('ERR_VALIDATION', first, { fields });
  }
}

/** Maps a unique-violation constraint name to the code users should see. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string } | undefined;
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}
