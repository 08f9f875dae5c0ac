import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildAdminSession } from '../../../test/factories';
import {
  asCompany,
  buildConnection,
  eventually,
  fakeSession,
  inboundMessage,
  uniquePhone,
} from '../../../test/messaging-fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SESSIONS_AUTOSTART: 'off', UPLOAD_LIMIT_MB: '0.01' });
});
afterAll(() => server.close());

async function conversation() {
  const session = await buildAdminSession(server);
  const connection = await buildConnection(server, session.company);
  const phoneSession = fakeSession(server, connection.id);
  const phone = uniquePhone();
  await server.messaging.inbound.ingest(
    connection.descriptor,
    inboundMessage({ chatId: phone, pushName: 'Rita' }),
  );
  await server.messaging.inbound.idle();
  const ticket = await asCompany(server, session.company.id, (tx) =>
    tx.selectFrom('tickets').where('whatsappId', '=', connection.id).selectAll().executeTakeFirstOrThrow(),
  );
  return { ...session, phoneSession, ticket, phone };
}

interface Part {
  name: string;
  value?: string;
  file?: { fileName: string; type: string; data: Buffer };
}

function multipart(parts: Part[]) {
  const boundary = '----zapdesk-upload';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.file
      ? `form-data; name="${part.name}"; filename="${part.file.fileName}"\r\nContent-Type: ${part.file.type}`
      : `form-data; name="${part.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    chunks.push(part.file ? part.file.data : Buffer.from(part.value ?? ''));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const post = (token: string, ticketId: number, parts: Part[]) => {
  const { body, contentType } = multipart(parts);
  return server.call('POST', `/messages/${ticketId}`, {
    token,
    headers: { 'content-type': contentType },
    body,
  });
};

const storedFiles = (companyId: number) => {
  const dir = path.join(server.ctx.config.storageDir, `company${companyId}`, 'messages');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

describe('POST /messages/:ticketId with files', () => {
  it('sends one message per file with its own caption and serves the files', async () => {
    const { company, token, ticket, phoneSession } = await conversation();
    const answer = await post(token, ticket.id, [
      { name: 'medias', file: { fileName: 'foto.png', type: 'image/png', data: Buffer.from('png') } },
      {
        name: 'medias',
        file: { fileName: 'nota fiscal.pdf', type: 'application/pdf', data: Buffer.from('pdf') },
      },
      { name: 'body', value: 'a foto, {{firstName}}' },
      { name: 'body', value: '' },
      { name: 'fromMe', value: 'true' },
    ]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.messages.map((m: any) => [m.mediaType, m.body, m.mediaName])).toEqual([
      ['image', 'a foto, Rita', 'foto.png'],
      ['application', 'nota_fiscal.pdf', 'nota_fiscal.pdf'],
    ]);
    for (const message of answer.body.messages) {
      const url = new URL(message.mediaUrl);
      const served = await server.app.inject({ method: 'GET', url: url.pathname });
      expect(served.statusCode).toBe(200);
    }
    const sent = await eventually(async () =>
      phoneSession.sent.length === 2 ? phoneSession.sent : undefined,
    );
    expect(sent.map((s) => s.command.media?.caption)).toEqual(['a foto, Rita', undefined]);
    expect(sent[0]!.command.media?.path).toMatch(new RegExp(`company${company.id}/messages/.+-foto\\.png$`));
    // One touch for both files: the total counts the customer's message and each file.
    const page = await server.call('GET', `/messages/${ticket.id}`, { token });
    expect(page.body.count).toBe(3);
    expect(page.body.messages).toHaveLength(3);
  });

  it('sends a browser recording as audio (a voice note when ffmpeg is installed)', async () => {
    const { token, ticket, phoneSession } = await conversation();
    const answer = await post(token, ticket.id, [
      {
        name: 'medias',
        file: { fileName: '1732212345678.mp3', type: 'audio/mpeg', data: Buffer.alloc(64, 1) },
      },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.messages[0]).toMatchObject({ mediaType: 'audio' });
    const [sent] = await eventually(async () => (phoneSession.sent.length ? phoneSession.sent : undefined));
    const media = sent!.command.media;
    if (media?.voiceNote) expect(media).toMatchObject({ mimetype: 'audio/ogg; codecs=opus' });
    else expect(media).toMatchObject({ mimetype: 'audio/mpeg', fileName: '1732212345678.mp3' });
    expect(media?.caption).toBeUndefined();
  });

  it('refuses a file over the upload limit with 413 and keeps nothing of the request', async () => {
    const { company, token, ticket } = await conversation();
    const before = storedFiles(company.id).length;
    const answer = await post(token, ticket.id, [
      { name: 'medias', file: { fileName: 'small.txt', type: 'text/plain', data: Buffer.from('ok') } },
      {
        name: 'medias',
        file: { fileName: 'big.bin', type: 'application/octet-stream', data: Buffer.alloc(20_000) },
      },
    ]);
    expect(answer.status).toBe(413);
    expect(answer.body.error).toBe('ERR_PAYLOAD_TOO_LARGE');
    expect(storedFiles(company.id).length).toBe(before);
    const ours = await asCompany(server, company.id, (tx) =>
      tx.selectFrom('messages').where('fromMe', '=', true).select('id').execute(),
    );
    expect(ours).toEqual([]);
  });

  it('removes the uploaded files when the send is refused', async () => {
    const { company, token, ticket } = await conversation();
    await asCompany(server, company.id, (tx) =>
      tx.updateTable('tickets').set({ status: 'closed' }).where('id', '=', ticket.id).execute(),
    );
    const answer = await post(token, ticket.id, [
      { name: 'medias', file: { fileName: 'x.png', type: 'image/png', data: Buffer.from('x') } },
    ]);
    expect(answer.status).toBe(400);
    expect(storedFiles(company.id)).toEqual([]);
  });

  it('resends a stored file of the company by its address, and refuses any other address', async () => {
    const { company, token, ticket, phoneSession } = await conversation();
    const first = await post(token, ticket.id, [
      { name: 'medias', file: { fileName: 'doc.pdf', type: 'application/pdf', data: Buffer.from('pdf') } },
    ]);
    const mediaUrl = first.body.messages[0].mediaUrl as string;
    const again = await server.call('POST', `/messages/${ticket.id}`, {
      token,
      body: { body: 'de novo', mediaUrl },
    });
    expect(again.status).toBe(200);
    expect(again.body.messages[0]).toMatchObject({ mediaType: 'application', body: 'de novo', mediaUrl });
    await eventually(async () => phoneSession.sent.length === 2);

    for (const bad of [
      'http://169.254.169.254/latest',
      `/public/company${company.id + 1}/messages/x-doc.pdf`,
      '/public/../etc/passwd',
    ]) {
      const refused = await server.call('POST', `/messages/${ticket.id}`, {
        token,
        body: { body: 'x', mediaUrl: bad },
      });
      expect(refused.status, bad).toBe(400);
      expect(Object.keys(refused.body.fields)).toEqual(['mediaUrl']);
    }
  });
});
