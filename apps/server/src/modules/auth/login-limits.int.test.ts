import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildCompany, buildUser, type BuiltUser } from '../../../test/factories';
import {
  accountDelaySeconds,
  addressKey,
  ACCOUNT_FREE_FAILURES,
  ACCOUNT_MAX_DELAY_SECONDS,
  ADDRESS_MAX_FAILURES,
} from './login-throttle';

// Rate limits on, as in production; one server trusts no proxy (the default), the other one proxy.
let direct: TestServer;
let behindProxy: TestServer;
beforeAll(async () => {
  direct = await startTestServer({ RATE_LIMIT: 'on' });
  behindProxy = await startTestServer({ RATE_LIMIT: 'on', TRUST_PROXY: '127.0.0.1' });
});
afterEach(() => direct.ctx.scopes.asSystem((tx) => tx.db.deleteFrom('loginFailures').execute()));
afterAll(async () => {
  await behindProxy.close();
  await direct.close();
});

let attempt = 0;
function tryLogin(
  server: TestServer,
  credentials: { email: string; password: string },
  from: { remoteAddress?: string; forwardedFor?: string } = {},
) {
  return server.app
    .inject({
      method: 'POST',
      url: '/auth/login',
      remoteAddress: from.remoteAddress ?? '127.0.0.1',
      headers: from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {},
      payload: credentials,
    })
    .then((answer) => ({
      status: answer.statusCode,
      body: answer.json() as { error?: string; message?: string },
    }));
}

/** A wrong guess for a new unknown account each time: only the per-address limit can stop these. */
const guess = () => ({ email: `nobody-${++attempt}@example.com`, password: 'guess' });
const randomAddress = () => `203.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

async function someUser(server: TestServer): Promise<BuiltUser> {
  return buildUser(server, await buildCompany(server));
}

describe('the login limit per client address', () => {
  it('is met by a client rotating a forged X-Forwarded-For, right password or not', async () => {
    const user = await someUser(direct);
    for (let i = 0; i < 3; i++) {
      expect((await tryLogin(direct, guess(), { forwardedFor: randomAddress() })).status).toBe(401);
    }
    // Every forged address counted against the one the request really came from.
    expect(await failuresOf(direct, '127.0.0.1')).toBe(3);
    await failuresReach(direct, '127.0.0.1', ADDRESS_MAX_FAILURES - 1);
    expect((await tryLogin(direct, guess(), { forwardedFor: randomAddress() })).status).toBe(401);
    const blocked = await tryLogin(direct, user, { forwardedFor: randomAddress() });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe('ERR_TOO_MANY_REQUESTS');
    // Another address is not concerned.
    expect((await tryLogin(direct, user, { remoteAddress: '10.1.2.3' })).status).toBe(200);
  });

  it('follows X-Forwarded-For from a configured proxy (TRUST_PROXY), one client at a time', async () => {
    const user = await someUser(behindProxy);
    const attacker = '198.51.100.7';
    expect((await tryLogin(behindProxy, guess(), { forwardedFor: attacker })).status).toBe(401);
    expect(await failuresOf(behindProxy, attacker)).toBe(1);
    expect(await failuresOf(behindProxy, '127.0.0.1')).toBeNull();
    await failuresReach(behindProxy, attacker, ADDRESS_MAX_FAILURES - 1);
    expect((await tryLogin(behindProxy, guess(), { forwardedFor: attacker })).status).toBe(401);
    expect((await tryLogin(behindProxy, user, { forwardedFor: attacker })).status).toBe(429);
    expect((await tryLogin(behindProxy, user, { forwardedFor: '198.51.100.8' })).status).toBe(200);
  });

  it('never counts successful logins: an office behind one address keeps logging in', async () => {
    const company = await buildCompany(direct);
    const staff = await Promise.all(Array.from({ length: 3 }, () => buildUser(direct, company)));
    expect((await tryLogin(direct, guess())).status).toBe(401);
    // One failure short of the cap: however many colleagues log in now, nobody is refused.
    await failuresReach(direct, '127.0.0.1', ADDRESS_MAX_FAILURES - 1);
    for (let round = 0; round < 2; round++) {
      for (const user of staff) expect((await tryLogin(direct, user)).status).toBe(200);
    }
    expect(await failuresOf(direct, '127.0.0.1')).toBe(ADDRESS_MAX_FAILURES - 1);
  });
});

/** The failures counted for a client address in its current window (null: none). */
async function failuresOf(server: TestServer, address: string): Promise<number | null> {
  const row = await server.ctx.scopes.asSystem((tx) =>
    tx.db
      .selectFrom('loginFailures')
      .where('key', '=', addressKey(address))
      .select('failures')
      .executeTakeFirst(),
  );
  return row?.failures ?? null;
}

/** Fast-forwards an address's count (as if it had failed that many times): bcrypt makes each real try slow. */
async function failuresReach(server: TestServer, address: string, failures: number): Promise<void> {
  await server.ctx.scopes.asSystem((tx) =>
    tx.db.updateTable('loginFailures').set({ failures }).where('key', '=', addressKey(address)).execute(),
  );
}

describe('the login limit per account', () => {
  it('makes each failure after the first few wait longer, then lets the right password in', async () => {
    const user = await someUser(direct);
    const colleague = await someUser(direct);
    const wrong = { email: user.email, password: 'wrong-password' };
    for (let i = 0; i < ACCOUNT_FREE_FAILURES + 1; i++) {
      expect((await tryLogin(direct, wrong, { remoteAddress: randomAddress() })).status).toBe(401);
    }
    // Even the right password waits, from any address; the e-mail's case changes nothing.
    const waiting = await tryLogin(direct, { ...user, email: user.email.toUpperCase() });
    expect(waiting.status).toBe(429);
    expect(waiting.body.message).toBe('Too many failed logins, retry in 2 s');
    // Nobody else waits for this account's failures, not even from the same address.
    expect((await tryLogin(direct, colleague)).status).toBe(200);

    await delayIsOver();
    expect((await tryLogin(direct, wrong)).status).toBe(401);
    expect((await tryLogin(direct, user)).body.message).toBe('Too many failed logins, retry in 4 s');

    await delayIsOver();
    expect((await tryLogin(direct, user)).status).toBe(200);
    // The right password started the count over: the next mistake costs nothing.
    expect((await tryLogin(direct, wrong)).status).toBe(401);
    expect((await tryLogin(direct, user)).status).toBe(200);
  });

  it('grows the delay by doubling, up to a cap, never to a lock-out', () => {
    const delays = Array.from({ length: 16 }, (_, i) => accountDelaySeconds(i + 1));
    expect(delays.slice(0, 6)).toEqual([0, 0, 0, 2, 4, 8]);
    expect(Math.max(...delays)).toBe(ACCOUNT_MAX_DELAY_SECONDS);
  });
});

/** Time passes: the account's current delay ends now. */
async function delayIsOver(): Promise<void> {
  await direct.ctx.scopes.asSystem((tx) =>
    tx.db
      .updateTable('loginFailures')
      .set({ blockedUntil: sql<Date>`now()` })
      .where('blockedUntil', '>', sql<Date>`now()`)
      .where('key', 'like', 'account:%')
      .execute(),
  );
}
