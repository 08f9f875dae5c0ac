import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isValidHandshake, isValidWebhookSignature, signWebhookBody } from './webhook-signature';

const secret = 'app-secret-123';
const body = Buffer.from('{"object":"whatsapp_business_account","entry":[]}');

describe('cloud webhook signature', () => {
  it('accepts the hex HMAC-SHA256 of the exact bytes under the app secret', () => {
    const hex = createHmac('sha256', secret).update(body).digest('hex');
    expect(signWebhookBody(body, secret)).toBe(`sha256=${hex}`);
    expect(isValidWebhookSignature(body, `sha256=${hex}`, secret)).toBe(true);
    expect(isValidWebhookSignature(body, `sha256=${hex.toUpperCase()}`, secret)).toBe(true);
  });

  it('refuses a missing, malformed, truncated or foreign signature and a changed body', () => {
    const good = signWebhookBody(body, secret);
    expect(isValidWebhookSignature(body, undefined, secret)).toBe(false);
    expect(isValidWebhookSignature(body, '', secret)).toBe(false);
    expect(isValidWebhookSignature(body, good.replace('sha256=', 'sha1='), secret)).toBe(false);
    expect(isValidWebhookSignature(body, good.slice(0, -2), secret)).toBe(false);
    expect(isValidWebhookSignature(body, signWebhookBody(body, 'other-secret'), secret)).toBe(false);
    expect(isValidWebhookSignature(Buffer.from(`${body.toString()} `), good, secret)).toBe(false);
  });

  it('accepts the handshake only in subscribe mode with the exact verify token', () => {
    expect(isValidHandshake({ mode: 'subscribe', verifyToken: 'tok' }, 'tok')).toBe(true);
    expect(isValidHandshake({ mode: 'unsubscribe', verifyToken: 'tok' }, 'tok')).toBe(false);
    expect(isValidHandshake({ mode: 'subscribe', verifyToken: 'to' }, 'tok')).toBe(false);
    expect(isValidHandshake({ mode: 'subscribe' }, 'tok')).toBe(false);
  });
});
