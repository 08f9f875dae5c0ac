/**
 * A start that cannot go on, with what went wrong and what the person starting the server should do about it.
 * main.ts prints both, never a stack trace or a bare `undefined`.
 */
export class StartupError extends Error {
  constructor(
    message: string,
    readonly advice: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'StartupError';
  }
}

/** The lines to print for a failed start: what went wrong, then what to do. */
export function describeStartFailure(error: unknown): string {
  if (error instanceof StartupError) return `${error.message}\n  What to do: ${error.advice}`;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EADDRINUSE') {
    const port = (error as { port?: number }).port;
    return (
      `Port ${port ?? '(the configured one)'} is already in use by another program.\n` +
      '  What to do: stop that program, or start Zapdesk with another PORT (PORT=8081 npm start).'
    );
  }
  if (code === 'EACCES' || code === 'EPERM') {
    return (
      `${(error as Error).message}\n` +
      '  What to do: run as a user that may write DATA_DIR and open PORT (ports below 1024 need root).'
    );
  }
  const detail =
    error instanceof Error ? (error.stack ?? error.message) : `unexpected failure: ${String(error)}`;
  return `${detail}\n  What to do: read the messages above; if they do not help, report this output.`;
}
