import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildCompany, buildUser, login, type BuiltUser } from '../../../test/factories';
import { connectSocket } from '../../../test/socket-client';

const NEW_PASSWORD = 'NewPassw0rd';

let server: TestServer;
let base: string;
beforeAll(async () => {
  server = await startTestServer();
  base = await server.listen();
});
afterAll(() => server.close());

async function buildAccount(): Promise<BuiltUser> {
  return buildUser(server, await buildCompany(server), { password: 'OldPassw0rd' });
}

function outbox(email: string) {
  return server.ctx.scopes.asSystem((tx) =>
    tx.db.selectFrom('mailOutbox').where('toAddress', '=', email).orderBy('id', 'desc').selectAll().execute(),
  );
}

/** Asks for a code (the address as typed) and reads it from the latest e-mail kept for the account. */
async function requestCode(email: string, typed = email): Promise<string> {
  const answer = await server.call('POST', `/forgetpassword/${encodeURIComponent(typed)}`);
  expect(answer.status).toBe(200);
  const [mail] = await outbox(email);
  const code = /^\s+([A-Z2-9]{8})\s*$/m.exec(mail?.textBody ?? '')?.[1];
  if (!code) throw new Error(`no code in ${mail?.textBody}`);
  return code;
}

const reset = (email: string, token: string, newPassword = NEW_PASSWORD) =>
  server.call('POST', '/resetpasswords', { body: { email, token, newPassword } });

const canLogin = async (email: string, password: string) =>
  (await server.call('POST', '/auth/login', { body: { email, password } })).status === 200;

const resetRows = (userId: number) =>
  server.ctx.scopes.asSystem((tx) =>
    tx.db.selectFrom('passwordResets').where('userId', '=', userId).selectAll().execute(),
  );

describe('POST /forgetpassword/:email', () => {
  it('answers 404 ERR_NO_USER_FOUND for an unknown e-mail and sends nothing', async () => {
    const email = `nobody-${Date.now()}@example.com`;
    const answer = await server.call('POST', `/forgetpassword/${email}`);
    expect(answer.status).toBe(404);
    expect(answer.body.error).toBe('ERR_NO_USER_FOUND');
    expect(await outbox(email)).toEqual([]);
  });

  it('e-mails an 8-character code that expires in an hour and stores only its hash', async () => {
    const user = await buildAccount();
    const code = await requestCode(user.email, user.email.toUpperCase());

    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    const [mail] = await outbox(user.email);
    expect(mail).toMatchObject({ status: 'kept', companyId: user.companyId });
    const rows = await resetRows(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.codeHash).not.toContain(code);
    const expiresIn = (rows[0]?.expiresAt.getTime() ?? 0) - Date.now();
    expect(expiresIn).toBeGreaterThan(59 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(60 * 60_000);
  });
});

describe('POST /resetpasswords', () => {
  it('sets the new password with the e-mailed code and ends the existing sessions', async () => {
    const user = await buildAccount();
    const session = await login(server, { email: user.email, password: 'OldPassw0rd' });
    const socket = await connectSocket(base, session.token);
    const socketClosed = new Promise((resolve) => socket.socket.once('disconnect', resolve));
    const code = await requestCode(user.email);

    const answer = await reset(user.email, code);

    expect(answer.status).toBe(200);
    expect(await canLogin(user.email, 'OldPassw0rd')).toBe(false);
    expect(await canLogin(user.email, NEW_PASSWORD)).toBe(true);
    expect((await server.call('GET', '/auth/me', { token: session.token })).status).toBe(401);
    await expect(socketClosed).resolves.toBe('io server disconnect');
  });

  it('accepts the path form of the spec, and the code typed in lower case', async () => {
    const user = await buildAccount();
    const code = await requestCode(user.email);
    const answer = await server.call(
      'POST',
      `/resetpasswords/${encodeURIComponent(user.email)}/${code.toLowerCase()}/${NEW_PASSWORD}`,
    );
    expect(answer.status).toBe(200);
    expect(await canLogin(user.email, NEW_PASSWORD)).toBe(true);
  });

  it('refuses a wrong code with 400 ERR_INVALID_RESET_TOKEN and keeps the password', async () => {
    const user = await buildAccount();
    const code = await requestCode(user.email);
    const wrong = code === 'AAAAAAAA' ? 'BBBBBBBB' : 'AAAAAAAA';
    const answer = await reset(user.email, wrong);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('ERR_INVALID_RESET_TOKEN');
    expect(await canLogin(user.email, 'OldPassw0rd')).toBe(true);
  });

  it('refuses a code for an unknown e-mail the same way', async () => {
    const answer = await reset(`nobody-${Date.now()}@example.com`, 'ABCDEFGH');
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('ERR_INVALID_RESET_TOKEN');
  });

  it('refuses an expired code', async () => {
    const user = await buildAccount();
    const code = await requestCode(user.email);
    await server.ctx.scopes.asSystem((tx) =>
      tx.db
        .updateTable('passwordResets')
        .set({ expiresAt: sql<Date>`now() - interval '1 second'` })
        .where('userId', '=', user.id)
        .execute(),
    );
    const answer = await reset(user.email, code);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('ERR_INVALID_RESET_TOKEN');
    expect(await canLogin(user.email, 'OldPassw0rd')).toBe(true);
  });

  it('refuses a code a second time', async () => {
    const user = await buildAccount();
    const code = await requestCode(user.email);
    expect((await reset(user.email, code)).status).toBe(200);
    const again = await reset(user.email, code, 'Another1Password');
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('ERR_INVALID_RESET_TOKEN');
    expect(await canLogin(user.email, NEW_PASSWORD)).toBe(true);
    expect(await canLogin(user.email, 'Another1Password')).toBe(false);
  });

  it('kills the code after 5 wrong tries, but not after 4', async () => {
    for (const wrongTries of [4, 5]) {
      const user = await buildAccount();
      const code = await requestCode(user.email);
      const wrong = code === 'AAAAAAAA' ? 'BBBBBBBB' : 'AAAAAAAA';
      for (let i = 0; i < wrongTries; i++) expect((await reset(user.email, wrong)).status).toBe(400);
      const answer = await reset(user.email, code);
      expect(answer.status).toBe(wrongTries === 5 ? 400 : 200);
      expect(await canLogin(user.email, NEW_PASSWORD)).toBe(wrongTries === 4);
    }
  });

  it('counts concurrent wrong tries one by one', async () => {
    const user = await buildAccount();
    const code = await requestCode(user.email);
    const wrong = code === 'AAAAAAAA' ? 'BBBBBBBB' : 'AAAAAAAA';
    await Promise.all(Array.from({ length: 5 }, () => reset(user.email, wrong)));
    expect((await reset(user.email, code)).status).toBe(400);
  });

  it('accepts only the latest code once a new one is asked for', async () => {
    const user = await buildAccount();
    const first = await requestCode(user.email);
    const second = await requestCode(user.email);
    expect(await resetRows(user.id)).toHaveLength(1);
    if (first !== second) expect((await reset(user.email, first)).status).toBe(400);
    expect((await reset(user.email, second)).status).toBe(200);
  });

  it('refuses a weak new password with the rule text, without spending a try', async () => {
    const user = await buildAccount();
    const code = await requestCode(user.email);
    for (const weak of ['Short1', 'alllowercase1', 'ALLUPPERCASE1', 'NoDigitsHere']) {
      const answer = await reset(user.email, code, weak);
      expect(answer.status).toBe(400);
      expect(answer.body.fields).toEqual({
        newPassword: 'At least 8 characters with a digit, a lowercase and an uppercase letter',
      });
    }
    expect((await resetRows(user.id))[0]?.failedAttempts).toBe(0);
    expect((await reset(user.email, code)).status).toBe(200);
  });
});

describe('rate limits', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ RATE_LIMIT: 'on' });
  });
  afterAll(() => limited.close());

  it('answers 429 ERR_TOO_MANY_REQUESTS to a flood of forgot and reset requests', async () => {
    const email = `nobody-${Date.now()}@example.com`;
    const forgot = [];
    for (let i = 0; i < 6; i++) forgot.push(await limited.call('POST', `/forgetpassword/${email}`));
    expect(forgot.map((a) => a.status)).toEqual([404, 404, 404, 404, 404, 429]);
    expect(forgot[5]?.body.error).toBe('ERR_TOO_MANY_REQUESTS');

    const resets = [];
    for (let i = 0; i < 11; i++) {
      resets.push(
        await limited.call('POST', '/resetpasswords', {
          body: { email, token: 'ABCDEFGH', newPassword: NEW_PASSWORD },
        }),
      );
    }
    expect(resets.at(-1)?.status).toBe(429);
    expect(resets.slice(0, 10).every((a) => a.status === 400)).toBe(true);
  });
});
