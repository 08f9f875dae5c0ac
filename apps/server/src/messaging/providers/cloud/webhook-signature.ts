import { createHmac, timingSafeEqual } from 'node:crypto';

/** The X-Hub-Signature-256 value Meta sends with a body: `sha256=` and the hex HMAC-SHA256 under the app secret. */
export function signWebhookBody(rawBody: Buffer, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

/** Whether the header signs exactly these bytes with the app secret (compared in constant time). */
export function isValidWebhookSignature(
  rawBody: Buffer,
  header: string | undefined,
  appSecret: string,
): boolean {
  if (!header?.startsWith('sha256=')) return false;
  const given = Buffer.from(header.slice('sha256='.length).trim().toLowerCase(), 'utf8');
  const expected = Buffer.from(signWebhookBody(rawBody, appSecret).slice('sha256='.length), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The handshake Meta makes when the webhook URL is saved: subscribe mode and our verify token. */
export function isValidHandshake(
  query: { mode?: string; verifyToken?: string },
  verifyToken: string,
): boolean {
  if (query.mode !== 'subscribe' || query.verifyToken === undefined) return false;
  const given = Buffer.from(query.verifyToken, 'utf8');
  const expected = Buffer.from(verifyToken, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
