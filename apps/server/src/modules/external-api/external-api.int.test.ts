import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildAdminSession, buildCompany } from '../../../test/factories';
import {
  asCompany,
  buildConnection,
  eventually,
  fakeSession,
  uniquePhone,
} from '../../../test/messaging-fixtures';
import { ProviderError } from '../../messaging/providers/port';

let server: TestServer;
beforeAll(async () => {
  // Connections here are rows with fake sessions: nothing may start real ones behind the tests' back.
  server = await startTestServer({ SESSIONS_AUTOSTART: 'off' });
});
afterAll(() => server.close());

async function apiConnection(options: Parameters<typeof buildCompany>[1] = {}) {
  const company = await buildCompany(server, options);
  const connection = await buildConnection(server, company);
  const phoneSession = fakeSession(server, connection.id);
  const phone = uniquePhone();
  phoneSession.registered.add(phone);
  return { company, connection, phoneSession, phone };
}

const send = (token: string, body: unknown) =>
  server.call('POST', '/api/messages/send', { headers: { authorization: `Bearer ${token}` }, body });

const conversationOf = (companyId: number, phone: string) =>
  asCompany(server, companyId, async (tx) => {
    const contact = await tx
      .selectFrom('contacts')
      .where('number', '=', phone)
      .selectAll()
      .executeTakeFirst();
    const ticket = contact
      ? await tx.selectFrom('tickets').where('contactId', '=', contact.id).selectAll().executeTakeFirst()
      : undefined;
    const messages = ticket
      ? await tx.selectFrom('messages').where('ticketId', '=', ticket.id).selectAll().orderBy('id').execute()
      : [];
    const cycles = ticket
      ? await tx.selectFrom('ticketTracking').where('ticketId', '=', ticket.id).selectAll().execute()
      : [];
    return { contact, ticket, messages, cycles };
  });

describe('POST /api/messages/send', () => {
  it('creates the contact and a pending ticket, stores the message as api and sends it', async () => {
    const { company, connection, phoneSession, phone } = await apiConnection();
    const answer = await send(connection.token, { number: `+${phone}`, body: 'Seu pedido saiu, {{name}}' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ mensagem: 'Mensagem enviada' });

    const { contact, ticket, messages, cycles } = await conversationOf(company.id, phone);
    expect(contact).toMatchObject({ name: phone, whatsappId: connection.id });
    expect(ticket).toMatchObject({ status: 'pending', whatsappId: connection.id });
    expect(cycles).toHaveLength(1);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ origin: 'api', fromMe: true, body: `Seu pedido saiu, ${phone}` });
    const sent = await eventually(async () => phoneSession.sent[0]);
    expect(sent.command).toEqual({ to: phone, text: `Seu pedido saiu, ${phone}` });
  });

  it('closes the ticket silently when asked, and reopens it with a new cycle on the next send', async () => {
    const { company, connection, phone } = await apiConnection();
    await send(connection.token, { number: phone, body: 'first', closeTicket: true });
    let state = await conversationOf(company.id, phone);
    expect(state.ticket?.status).toBe('closed');
    expect(state.cycles.every((c) => c.finishedAt !== null)).toBe(true);
    await send(connection.token, { number: phone, body: 'second' });
    state = await conversationOf(company.id, phone);
    expect(state.ticket?.status).toBe('pending');
    expect(state.cycles).toHaveLength(2);
    expect(state.messages.map((m) => m.body)).toEqual(['first', 'second']);
  });

  it('refuses a number WhatsApp does not know with ERR_WAPP_INVALID_CONTACT', async () => {
    const { company, connection } = await apiConnection();
    const unknown = uniquePhone();
    const answer = await send(connection.token, { number: unknown, body: 'hello' });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('ERR_WAPP_INVALID_CONTACT');
    expect((await conversationOf(company.id, unknown)).contact).toBeUndefined();
  });

  it('answers ERR_WAPP_NOT_INITIALIZED when no node runs the connection and ERR_WAPP_CHECK_CONTACT when the check fails', async () => {
    const company = await buildCompany(server);
    const idle = await buildConnection(server, company);
    const phone = uniquePhone();
    const notRunning = await send(idle.token, { number: phone, body: 'hello' });
    expect(notRunning.status).toBe(400);
    expect(notRunning.body.error).toBe('ERR_WAPP_NOT_INITIALIZED');

    const { connection, phoneSession } = await apiConnection();
    phoneSession.checkNumber = async () => {
      throw new ProviderError('usync query timed out', true);
    };
    const failed = await send(connection.token, { number: phone, body: 'hello' });
    expect(failed.status).toBe(400);
    expect(failed.body.error).toBe('ERR_WAPP_CHECK_CONTACT');
    for (const companyId of [company.id, connection.companyId]) {
      expect((await conversationOf(companyId, phone)).contact).toBeUndefined();
    }
    expect(phoneSession.sent).toEqual([]);
  });

  it('refuses a missing number and a blank body with 400', async () => {
    const { connection, phone } = await apiConnection();
    const noNumber = await send(connection.token, { body: 'hi' });
    expect(noNumber.status).toBe(400);
    expect(Object.keys(noNumber.body.fields)).toEqual(['number']);
    const blank = await send(connection.token, { number: phone, body: ' ' });
    expect(blank.status).toBe(400);
    expect(blank.body.fields).toEqual({ body: 'Required' });
  });

  it('answers 403 ERR_INVALID_API_TOKEN to an unknown token or a staff token', async () => {
    const { token } = await buildAdminSession(server);
    for (const bearer of ['not-a-token', token]) {
      const answer = await send(bearer, { number: '5511999999999', body: 'hi' });
      expect(answer.status).toBe(403);
      expect(answer.body.error).toBe('ERR_INVALID_API_TOKEN');
    }
    const none = await server.call('POST', '/api/messages/send', {
      body: { number: '5511999999999', body: 'hi' },
    });
    expect(none.status).toBe(403);
  });

  it('answers 403 when the plan lacks the external API or the company is blocked', async () => {
    const noPlan = await apiConnection({ plan: { useExternalApi: false } });
    const refused = await send(noPlan.connection.token, { number: noPlan.phone, body: 'hi' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('ERR_PLAN_FEATURE_DISABLED');

    const expired = await apiConnection({ dueDate: '2020-01-01' });
    const blocked = await send(expired.connection.token, { number: expired.phone, body: 'hi' });
    expect(blocked.status).toBe(403);
    expect(blocked.body.error).toBe('ERR_SUBSCRIPTION_EXPIRED');
    expect(expired.phoneSession.sent).toEqual([]);
  });

  it('sends files given as multipart medias', async () => {
    const { company, connection, phoneSession, phone } = await apiConnection();
    const boundary = '----zapdesk-test';
    const payload = [
      `--${boundary}\r\nContent-Disposition: form-data; name="number"\r\n\r\n${phone}\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="body"\r\n\r\nSegue o boleto\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="medias"; filename="boleto.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 test\r\n`,
      `--${boundary}--\r\n`,
    ].join('');
    const answer = await server.call('POST', '/api/messages/send', {
      headers: {
        authorization: `Bearer ${connection.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body: payload,
    });
    expect(answer.status).toBe(200);
    const { messages } = await conversationOf(company.id, phone);
    expect(messages[0]).toMatchObject({
      origin: 'api',
      mediaType: 'application',
      body: 'Segue o boleto',
      mediaName: 'boleto.pdf',
    });
    const sent = await eventually(async () => phoneSession.sent[0]);
    expect(sent.command.media).toMatchObject({
      mimetype: 'application/pdf',
      fileName: 'boleto.pdf',
      caption: 'Segue o boleto',
    });
    const served = await server.app.inject({ method: 'GET', url: `/public/${messages[0]!.mediaPath}` });
    expect(served.statusCode).toBe(200);
    expect(served.body).toBe('%PDF-1.4 test');
  });
});

describe('POST /api/messages/send rate limit', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ SESSIONS_AUTOSTART: 'off', RATE_LIMIT: 'on' });
  });
  afterAll(() => limited.close());

  it('answers 429 ERR_TOO_MANY_REQUESTS past 120 calls a minute', async () => {
    const statuses: number[] = [];
    let last: { status: number; body: any } | undefined;
    for (let i = 0; i < 121; i++) {
      last = await limited.call('POST', '/api/messages/send', {
        headers: { authorization: 'Bearer not-a-token' },
        body: { number: '5511999999999', body: 'hi' },
      });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 120).every((status) => status === 403)).toBe(true);
    expect(last?.status).toBe(429);
    expect(last?.body.error).toBe('ERR_TOO_MANY_REQUESTS');
  });
});
