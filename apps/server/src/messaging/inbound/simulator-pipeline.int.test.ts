import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildAdminSession } from '../../../test/factories';
import { connectSocket } from '../../../test/socket-client';
import { asCompany, eventually, uniquePhone } from '../../../test/messaging-fixtures';
import { connectionWhen, createConnection } from '../../modules/whatsapps/whatsapps.fixtures';

// End to end through the built-in simulator: a fake phone plays the customer, the real session and pipeline run.
let server: TestServer;
let baseUrl: string;
beforeAll(async () => {
  server = await startTestServer({ SIMULATOR_ACK_MS: '40,80', SESSIONS_AUTOSTART: 'off' });
  baseUrl = await server.listen();
});
afterAll(() => server.close());

async function connectedSimulator() {
  const session = await buildAdminSession(server);
  const connection = await createConnection(server, session.token, { provider: 'simulator' });
  await connectionWhen(server, session.token, connection.id, (c) => c.status === 'qrcode');
  const scan = await server.call('POST', `/simulator/connections/${connection.id}/scan`, {
    token: session.token,
  });
  expect(scan.status).toBe(200);
  await connectionWhen(server, session.token, connection.id, (c) => c.status === 'CONNECTED');
  const play = async (body: Record<string, unknown>) => {
    const answer = await server.call('POST', `/simulator/connections/${connection.id}/inbound`, {
      token: session.token,
      body,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.externalId as string;
  };
  const outbox = async (to: string) =>
    (
      await server.call('GET', `/simulator/connections/${connection.id}/outbox?to=${to}`, {
        token: session.token,
      })
    ).body as any[];
  return { ...session, connection, play, outbox };
}

const messagesOf = (companyId: number, phone: string) =>
  asCompany(server, companyId, (tx) =>
    tx
      .selectFrom('messages')
      .innerJoin('tickets', 'tickets.id', 'messages.ticketId')
      .innerJoin('contacts', 'contacts.id', 'tickets.contactId')
      .where('contacts.number', '=', phone)
      .selectAll('messages')
      .orderBy('messages.id')
      .execute(),
  );

describe('the pipeline with the simulated phone', () => {
  it('turns a customer text into a ticket, and our reply reaches the phone and climbs to read', async () => {
    const { company, token, play, outbox } = await connectedSimulator();
    const phone = uniquePhone();
    const socket = await connectSocket(baseUrl, token);
    await socket.socket.emitWithAck('joinNotification');

    await play({ from: phone, name: 'Beatriz Lima', body: 'Bom dia!' });
    const created = (await socket.waitFor(`company-${company.id}-appMessage`)) as any;
    expect(created).toMatchObject({
      action: 'create',
      message: { body: 'Bom dia!', fromMe: false },
      ticket: { status: 'pending', contact: { name: 'Beatriz Lima', number: phone } },
    });
    const ticketId = created.ticket.id as number;
    await socket.socket.emitWithAck('joinChatBox', ticketId);

    const reply = await server.call('POST', `/messages/${ticketId}`, {
      token,
      body: { body: 'Olá {{firstName}}!' },
    });
    expect(reply.status).toBe(200);
    const messageId = reply.body.messages[0].id as number;
    const delivered = await eventually(async () => (await outbox(phone)).find((m) => m.ack === 3));
    expect(delivered).toMatchObject({ to: phone, type: 'text', body: 'Olá Beatriz!' });
    const row = await eventually(async () =>
      (await messagesOf(company.id, phone)).find((m) => m.id === messageId && m.ack === 3),
    );
    expect(row.wid).toBe(delivered.externalId);
    const acks = socket
      .received(`company-${company.id}-appMessage`)
      .filter((e: any) => e.action === 'update' && e.message.id === messageId)
      .map((e: any) => e.message.ack);
    expect(acks).toEqual([1, 2, 3]);
    socket.close();
  });

  it('stores media of every kind and serves it over HTTP from /public', async () => {
    const { company, play } = await connectedSimulator();
    const phone = uniquePhone();
    const files = {
      image: { fileName: 'foto.png', mimetype: 'image/png', data: Buffer.from('png-bytes') },
      audio: { fileName: 'voz.ogg', mimetype: 'audio/ogg', data: Buffer.from('ogg-bytes') },
      video: { fileName: 'clipe.mp4', mimetype: 'video/mp4', data: Buffer.from('mp4-bytes') },
      document: {
        fileName: 'contrato final.pdf',
        mimetype: 'application/pdf',
        data: Buffer.from('%PDF-bytes'),
      },
    };
    for (const [type, file] of Object.entries(files)) {
      await play({
        from: phone,
        type,
        body: type === 'image' ? 'veja a foto' : undefined,
        media: { fileName: file.fileName, mimetype: file.mimetype, base64: file.data.toString('base64') },
      });
    }
    await play({ from: phone, type: 'location', location: { latitude: -23.5, longitude: -46.6 } });
    await play({
      from: phone,
      type: 'vcard',
      body: 'BEGIN:VCARD\nVERSION:3.0\nFN:Carla\nTEL;waid=5511988887777:+55 11 98888-7777\nEND:VCARD',
    });

    const stored = await eventually(async () => {
      const rows = await messagesOf(company.id, phone);
      return rows.length === 6 && rows.slice(0, 4).every((m) => m.mediaPath) ? rows : undefined;
    }, 10_000);
    expect(stored.map((m) => m.mediaType)).toEqual([
      'image',
      'audio',
      'video',
      'application',
      'locationMessage',
      'vcard',
    ]);
    expect(stored.map((m) => m.body).slice(0, 4)).toEqual([
      'veja a foto',
      'Áudio',
      'clipe.mp4',
      'contrato final.pdf',
    ]);
    for (const [i, file] of Object.values(files).entries()) {
      const path = stored[i]!.mediaPath!;
      expect(path).toMatch(new RegExp(`^company${company.id}/messages/[0-9a-f-]{36}-`));
      const served = await fetch(`${baseUrl.replace('localhost', '127.0.0.1')}/public/${path}`);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer())).toEqual(file.data);
    }
    expect(stored[3]!.mediaPath).toMatch(/contrato_final\.pdf$/);
    expect(stored[4]!.body).toBe(
      'data:image/png;base64, | https://maps.google.com/maps?q=-23.5%2C-46.6&z=17&hl=pt-BR|-23.5, -46.6',
    );
    expect(stored[5]!.body).toContain('FN:Carla');

    const { token } = await buildAdminSession(server);
    const ticketId = stored[0]!.ticketId;
    const other = await server.call('GET', `/messages/${ticketId}`, { token });
    expect(other.status).toBe(404);
  });

  it('stores a redelivered message once', async () => {
    const { company, play } = await connectedSimulator();
    const phone = uniquePhone();
    for (let i = 0; i < 3; i++) await play({ from: phone, body: 'same', externalId: `dup-${phone}` });
    await play({ from: phone, body: 'after' });
    const rows = await eventually(async () => {
      const found = await messagesOf(company.id, phone);
      return found.some((m) => m.body === 'after') ? found : undefined;
    });
    expect(rows.map((m) => m.body)).toEqual(['same', 'after']);
  });

  it('rejects a call with the automatic reply and logs it in the ticket', async () => {
    const { company, token, play, outbox } = await connectedSimulator();
    const phone = uniquePhone();
    await play({ from: phone, type: 'call' });
    const reply = await eventually(async () => (await outbox(phone))[0]);
    expect(reply.body).toBe('*Mensagem automática*: chamadas desabilitadas, envie uma mensagem de texto.');
    const rows = await messagesOf(company.id, phone);
    expect(rows[0]).toMatchObject({ mediaType: 'call_log', fromMe: false });
    expect(rows[0]!.body).toMatch(/^Chamada de voz perdida às \d\d:\d\d$/);
    expect(rows[1]).toMatchObject({ fromMe: true, isAutomatic: true });
    // Both count in the conversation's total, kept on the ticket by the touches of the log and the reply.
    const page = await server.call('GET', `/messages/${rows[0]!.ticketId}`, { token });
    expect(page.body.count).toBe(2);
  });

  it('marks a message failed, readably, when the phone network refuses it', async () => {
    const { company, token, play } = await connectedSimulator();
    const phone = uniquePhone();
    await play({ from: phone, body: 'hi' });
    const [first] = await eventually(async () => {
      const rows = await messagesOf(company.id, phone);
      return rows.length ? rows : undefined;
    });
    // The contact's number changes to one the simulated network does not know.
    await asCompany(server, company.id, (tx) =>
      tx.updateTable('contacts').set({ number: '123' }).where('number', '=', phone).execute(),
    );
    const answer = await server.call('POST', `/messages/${first!.ticketId}`, {
      token,
      body: { body: 'lost' },
    });
    const id = answer.body.messages[0].id;
    const row = await eventually(async () => {
      const m = await asCompany(server, company.id, (tx) =>
        tx.selectFrom('messages').where('id', '=', id).selectAll().executeTakeFirstOrThrow(),
      );
      return m.sendError ? m : undefined;
    });
    expect(row.sendError).toBe('ERR_SENDING_WAPP_MSG: 123 is not on the simulated network');
  });
  it('ignores group messages while CheckMsgIsGroup is enabled; once disabled they reach the group ticket, unanswered', async () => {
    const { company, token, connection, play, outbox } = await connectedSimulator();
    await server.call('PUT', `/whatsapp/${connection.id}`, { token, body: { greetingMessage: 'Olá!' } });
    const phone = uniquePhone();
    const group = `1203630${Date.now()}`;
    const inGroup = { from: phone, name: 'Carla Reis', group: `${group}@g.us` };

    // Enabled (the default): the group message is dropped. The private message after it, on the same phone,
    // is the sign that the first one went through the pipeline already.
    await play({ ...inGroup, body: 'Oi, grupo!' });
    await play({ from: phone, name: 'Carla Reis', body: 'Oi, em particular' });
    expect(await eventually(async () => (await outbox(phone)).map((m) => m.body)[0])).toBe('Olá!');
    expect((await messagesOf(company.id, group)).map((m) => m.body)).toEqual([]);

    const off = await server.call('PUT', '/settings/CheckMsgIsGroup', { token, body: { value: 'disabled' } });
    expect(off.status).toBe(200);
    await play({ ...inGroup, body: 'Agora o grupo fala' });
    const [stored] = await eventually(async () => {
      const rows = await messagesOf(company.id, group);
      return rows.length ? rows : undefined;
    });
    const [sender, groupTicket] = await asCompany(server, company.id, (tx) =>
      Promise.all([
        tx
          .selectFrom('contacts')
          .where('number', '=', phone)
          .select(['id', 'name'])
          .executeTakeFirstOrThrow(),
        tx
          .selectFrom('tickets')
          .innerJoin('contacts', 'contacts.id', 'tickets.contactId')
          .where('tickets.id', '=', stored!.ticketId)
          .select(['tickets.status', 'contacts.isGroup', 'contacts.number'])
          .executeTakeFirstOrThrow(),
      ]),
    );
    // The group holds the ticket; the message names the person who wrote it.
    expect(stored).toMatchObject({ body: 'Agora o grupo fala', fromMe: false, contactId: sender.id });
    expect(sender.name).toBe('Carla Reis');
    expect(groupTicket).toEqual({ status: 'pending', isGroup: true, number: group });
    // Groups get no automation: nothing stored in the group's ticket but the message, nothing more to the person.
    expect((await messagesOf(company.id, group)).map((m) => m.body)).toEqual(['Agora o grupo fala']);
    expect((await outbox(phone)).map((m) => m.body)).toEqual(['Olá!']);
  });
});
