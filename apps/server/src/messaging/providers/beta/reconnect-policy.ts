import { DisconnectReason } from 'baileys';

/** server-behaviour 12: reconnects wait 2 s, doubling up to 60 s; TIMEOUT after 5 failed ones in a row. */
export const BACKOFF_FIRST_MS = 2_000;
export const BACKOFF_MAX_MS = 60_000;
export const FAILED_RECONNECTS_BEFORE_TIMEOUT = 5;

/** Delay before the next reconnect, given how many reconnects have failed in a row. */
export const backoffDelay = (failedReconnects: number): number =>
  Math.min(BACKOFF_FIRST_MS * 2 ** Math.min(failedReconnects, 16), BACKOFF_MAX_MS);

/** What a closed socket asks for. */
export type CloseAction = 'logout' | 'replaced' | 'restart' | 'backoff';

export function actionOnClose(statusCode: number | undefined): CloseAction {
  switch (statusCode) {
    case DisconnectReason.loggedOut:
      return 'logout';
    case DisconnectReason.connectionReplaced:
      return 'replaced';
    case DisconnectReason.restartRequired:
      return 'restart';
    default:
      return 'backoff';
  }
}

/** The status code of a baileys (Boom) error, if it carries one. */
export function statusCodeOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('output' in error)) return undefined;
  const output: unknown = error.output;
  if (typeof output !== 'object' || output === null || !('statusCode' in output)) return undefined;
  return typeof output.statusCode === 'number' ? output.statusCode : undefined;
}
