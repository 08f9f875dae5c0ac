import { ProviderError } from '..';
import { statusCodeOf } from './reconnect-policy';

/** Codes of requests WhatsApp refused for what they are (bad jid, bad media): retrying cannot help. */
const REFUSED = new Set([400, 404, 406, 410, 413, 415]);
const BAD_INPUT =
  /invalid (media|jid)|not a media message|no (image|video|audio|document) found|bad request/i;

/**
 * A baileys failure as the port's error: refusals of the message itself are permanent; everything
 * else (closed or lost connection, timeouts, server errors) is transient and retried by the send worker.
 */
export function toProviderError(error: unknown, action: string): ProviderError {
  if (error instanceof ProviderError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const code = statusCodeOf(error);
  const permanent = (code !== undefined && REFUSED.has(code)) || BAD_INPUT.test(message);
  return new ProviderError(`${action} failed: ${message}${code ? ` (${code})` : ''}`, !permanent);
}
