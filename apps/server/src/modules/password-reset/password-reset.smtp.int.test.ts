import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildCompany, buildUser } from '../../../test/factories';
import { startSmtpReceiver, type SmtpReceiver } from '../../../test/smtp-receiver';

let smtp: SmtpReceiver;
let server: TestServer;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startTestServer({ SMTP_URL: smtp.url, MAIL_FROM: 'Zapdesk <no-reply@zapdesk.test>' });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

const outbox = (email: string) =>
  server.ctx.scopes.asSystem((tx) =>
    tx.db.selectFrom('mailOutbox').where('toAddress', '=', email).selectAll().execute(),
  );

describe('password reset over SMTP', () => {
  it('delivers the code by SMTP, keeps no copy of it, and the delivered code works', async () => {
    const user = await buildUser(server, await buildCompany(server), { password: 'OldPassw0rd' });
    const already = smtp.messages.length;

    const answer = await server.call('POST', `/forgetpassword/${encodeURIComponent(user.email)}`);

    expect(answer.status).toBe(200);
    const mail = (await smtp.waitForMessages(already + 1)).at(-1);
    expect(mail?.from).toBe('no-reply@zapdesk.test');
    expect(mail?.to).toEqual([user.email]);
    const code = /^\s+([A-Z2-9]{8})\s*$/m.exec(mail?.data ?? '')?.[1];
    expect(code).toMatch(/^[A-Z2-9]{8}$/);

    const [row] = await outbox(user.email);
    expect(row?.status).toBe('sent');
    expect(row?.textBody).not.toContain(code);

    const reset = await server.call('POST', '/resetpasswords', {
      body: { email: user.email, token: code, newPassword: 'NewPassw0rd' },
    });
    expect(reset.status).toBe(200);
    const login = await server.call('POST', '/auth/login', {
      body: { email: user.email, password: 'NewPassw0rd' },
    });
    expect(login.status).toBe(200);
  });
});

describe('password reset when SMTP is down', () => {
  it('answers 500 and records the failed delivery without the code', async () => {
    const down = await startSmtpReceiver();
    await down.close();
    const broken = await startTestServer({ SMTP_URL: down.url });
    try {
      const user = await buildUser(broken, await buildCompany(broken));
      const answer = await broken.call('POST', `/forgetpassword/${encodeURIComponent(user.email)}`);
      expect(answer.status).toBe(500);
      expect(answer.body.error).toBe('ERR_INTERNAL_SERVER_ERROR');
      const [row] = await outbox(user.email);
      expect(row?.status).toBe('failed');
      expect(row?.textBody).not.toMatch(/^\s+[A-Z2-9]{8}\s*$/m);
    } finally {
      await broken.close();
    }
  });
});
