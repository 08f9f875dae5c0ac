import { createHash } from 'node:crypto';

/**
 * The WhatsApp message id of one of our messages, derived from its idempotency key in WhatsApp Web's
 * format ('3EB0' + 18 upper-case hex digits): a retry after a crash sends the same id, which WhatsApp
 * de-duplicates, instead of a second copy.
 */
export function stableMessageId(whatsappId: number, idempotencyKey: string): string {
  const hash = createHash('sha256').update(`zapdesk:${whatsappId}:${idempotencyKey}`).digest('hex');
  return `3EB0${hash.slice(0, 18).toUpperCase()}`;
}
