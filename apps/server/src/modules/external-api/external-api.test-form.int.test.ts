import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildCompany } from '../../../test/factories';
import { multipartBody } from '../../../test/multipart';
import {
  asCompany,
  buildConnection,
  eventually,
  fakeSession,
  uniquePhone,
} from '../../../test/messaging-fixtures';

// The /messages-api page's two test forms send exactly these requests (apps/web/src/features/messages-api).

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SESSIONS_AUTOSTART: 'off' });
});
afterAll(() => server.close());

async function apiConnection() {
  const company = await buildCompany(server, { plan: { useExternalApi: true } });
  const connection = await buildConnection(server, company);
  const phone = fakeSession(server, connection.id);
  const number = uniquePhone();
  phone.registered.add(number);
  return { company, connection, phone, number };
}

const storedMessages = (companyId: number) =>
  asCompany(server, companyId, (tx) =>
    tx.selectFrom('messages').selectAll().where('origin', '=', 'api').orderBy('id').execute(),
  );

describe('the messages-API test forms', () => {
  it('text form: JSON {number, body} with the bearer token reaches the phone', async () => {
    const { company, connection, phone, number } = await apiConnection();
    const answer = await server.call('POST', '/api/messages/send', {
      headers: { authorization: `Bearer ${connection.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ number, body: 'Olá do formulário' }),
    });
    expect([answer.status, answer.body]).toEqual([200, { mensagem: 'Mensagem enviada' }]);
    const sent = await eventually(async () => phone.sent[0]);
    expect(sent.command).toEqual({ to: number, text: 'Olá do formulário' });
    expect((await storedMessages(company.id)).map((m) => m.body)).toEqual(['Olá do formulário']);
  });

  it('media form: multipart number, body = the file name and medias = the file', async () => {
    const { company, connection, phone, number } = await apiConnection();
    const form = await multipartBody(
      { number, body: 'recibo.pdf' },
      { field: 'medias', name: 'recibo.pdf', content: '%PDF-1.4 recibo', type: 'application/pdf' },
    );
    const answer = await server.call('POST', '/api/messages/send', {
      headers: { authorization: `Bearer ${connection.token}`, ...form.headers },
      body: form.body,
    });
    expect([answer.status, answer.body]).toEqual([200, { mensagem: 'Mensagem enviada' }]);
    const sent = await eventually(async () => phone.sent[0]);
    expect(sent.command.media).toMatchObject({ mimetype: 'application/pdf', fileName: 'recibo.pdf' });
    expect((await storedMessages(company.id)).map((m) => m.mediaName)).toEqual(['recibo.pdf']);
  });

  it('shows the refusal for a wrong token and for a number the form left empty', async () => {
    const { connection, phone } = await apiConnection();
    const wrong = await server.call('POST', '/api/messages/send', {
      headers: { authorization: 'Bearer not-a-token', 'content-type': 'application/json' },
      body: JSON.stringify({ number: '5511999990000', body: 'x' }),
    });
    expect([wrong.status, wrong.body.error]).toEqual([403, 'ERR_INVALID_API_TOKEN']);
    const empty = await server.call('POST', '/api/messages/send', {
      headers: { authorization: `Bearer ${connection.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ number: '', body: 'x' }),
    });
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toHaveProperty('number');
    expect(phone.sent).toEqual([]);
  });
});
