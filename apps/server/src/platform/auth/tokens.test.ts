import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenService } from './tokens';

const claims = { id: 7, profile: 'user', companyId: 3, tokenVersion: 2 };

describe('TokenService.verifyAccess', () => {
  afterEach(() => vi.useRealTimers());

  it('answers the same claims for a token verified before, until it expires', () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T12:00:00Z') });
    const tokens = new TokenService('access-secret-0123456789', 'refresh-secret-0123456789', 60);
    const token = tokens.signAccess(claims);
    const first = tokens.verifyAccess(token);
    expect(first).toMatchObject({ ok: true, claims });
    expect(tokens.verifyAccess(token)).toEqual(first);
    vi.setSystemTime(new Date('2026-11-22T12:00:59Z'));
    expect(tokens.verifyAccess(token)).toMatchObject({ ok: true, claims });
    vi.setSystemTime(new Date('2026-11-22T12:01:00Z'));
    expect(tokens.verifyAccess(token)).toEqual({ ok: false, reason: 'expired' });
    expect(tokens.verifyAccess(token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a token signed with another secret or altered, however often a good one was seen', () => {
    const tokens = new TokenService('access-secret-0123456789', 'refresh-secret-0123456789');
    const good = tokens.signAccess(claims);
    expect(tokens.verifyAccess(good).ok).toBe(true);
    const foreign = new TokenService('another-secret-0123456789', 'x-0123456789').signAccess(claims);
    expect(tokens.verifyAccess(foreign)).toEqual({ ok: false, reason: 'invalid' });
    const [header, payload, signature] = good.split('.');
    const raised = Buffer.from(JSON.stringify({ ...claims, companyId: 4 })).toString('base64url');
    expect(payload).not.toBe(raised);
    expect(tokens.verifyAccess(`${header}.${raised}.${signature}`)).toEqual({ ok: false, reason: 'invalid' });
    expect(tokens.verifyAccess(good).ok).toBe(true);
  });
});
