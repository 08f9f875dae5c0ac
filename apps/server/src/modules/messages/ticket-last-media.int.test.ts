// What a ticket row previews as its last message (server-behaviour 6.3): the body, plus the kind of media when the
// message has no text of its own, so the list can say "Audio" instead of a voice note's file name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboundMessage } from '../../messaging/providers/port';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildAdminSession } from '../../../test/factories';
import { multipartBody } from '../../../test/multipart';
import {
  asCompany,
  buildConnection,
  fakeSession,
  inboundMessage,
  uniquePhone,
} from '../../../test/messaging-fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SESSIONS_AUTOSTART: 'off' });
});
afterAll(() => server.close());

async function conversation() {
  const session = await buildAdminSession(server);
  const connection = await buildConnection(server, session.company);
  fakeSession(server, connection.id);
  const phone = uniquePhone();
  const customerSends = async (message: Partial<InboundMessage>) => {
    await server.messaging.inbound.ingest(
      connection.descriptor,
      inboundMessage({ chatId: phone, ...message }),
    );
    await server.messaging.inbound.idle();
  };
  await customerSends({ text: 'Olá' });
  const ticket = await asCompany(server, session.company.id, (tx) =>
    tx.selectFrom('tickets').where('whatsappId', '=', connection.id).selectAll().executeTakeFirstOrThrow(),
  );
  const preview = async () => {
    const answer = await server.call('GET', `/tickets/${ticket.id}`, { token: session.token });
    expect(answer.status).toBe(200);
    return { lastMessage: answer.body.lastMessage, lastMediaType: answer.body.lastMediaType };
  };
  return { ...session, ticket, customerSends, preview };
}

const sendFile = async (
  token: string,
  ticketId: number,
  file: { name: string; type: string },
  caption = '',
) => {
  const { body, headers } = await multipartBody(
    { body: caption, fromMe: 'true' },
    { field: 'medias', name: file.name, content: Buffer.alloc(64, 1), type: file.type },
  );
  const answer = await server.call('POST', `/messages/${ticketId}`, { token, headers, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
};

describe('the ticket’s last message preview', () => {
  it('names the kind of an agent’s voice note or bare file, and shows captions and text as they are', async () => {
    const { token, ticket, preview } = await conversation();
    expect(await preview()).toEqual({ lastMessage: 'Olá', lastMediaType: null });

    await sendFile(token, ticket.id, { name: '1795000000000.mp3', type: 'audio/mpeg' });
    expect(await preview()).toEqual({ lastMessage: '1795000000000.mp3', lastMediaType: 'audio' });

    await sendFile(token, ticket.id, { name: 'contrato.pdf', type: 'application/pdf' });
    expect(await preview()).toEqual({ lastMessage: 'contrato.pdf', lastMediaType: 'application' });

    await sendFile(token, ticket.id, { name: 'foto.png', type: 'image/png' }, 'o recibo');
    expect(await preview()).toEqual({ lastMessage: 'o recibo', lastMediaType: null });

    const text = await server.call('POST', `/messages/${ticket.id}`, {
      token,
      body: { body: 'mais alguma coisa?', fromMe: true, read: true },
    });
    expect(text.status).toBe(200);
    expect(await preview()).toEqual({ lastMessage: 'mais alguma coisa?', lastMediaType: null });
  });

  it('names the kind of what the customer sends without words: a voice note, a photo, a location, a contact', async () => {
    const { customerSends, preview } = await conversation();
    const media = (mimetype: string, fileName?: string) => ({ ref: 'r', mimetype, fileName });

    await customerSends({ kind: 'audio', text: undefined, media: media('audio/ogg; codecs=opus') });
    expect(await preview()).toEqual({ lastMessage: 'Áudio', lastMediaType: 'audio' });

    await customerSends({ kind: 'image', text: undefined, media: media('image/jpeg', 'IMG-001.jpg') });
    expect(await preview()).toEqual({ lastMessage: 'IMG-001.jpg', lastMediaType: 'image' });

    await customerSends({ kind: 'image', text: 'meu documento', media: media('image/jpeg', 'IMG-002.jpg') });
    expect(await preview()).toEqual({ lastMessage: 'meu documento', lastMediaType: null });

    await customerSends({
      kind: 'location',
      text: undefined,
      location: { latitude: -23.5, longitude: -46.6 },
    });
    expect(await preview()).toMatchObject({ lastMediaType: 'locationMessage' });

    const vcard = 'BEGIN:VCARD\nVERSION:3.0\nFN:Joana\nTEL;waid=5511999990000:+55 11 99999-0000\nEND:VCARD';
    await customerSends({ kind: 'vcard', text: undefined, vcards: [{ displayName: 'Joana', vcard }] });
    expect(await preview()).toEqual({ lastMessage: vcard, lastMediaType: 'vcard' });

    await customerSends({ kind: 'text', text: 'obrigada' });
    expect(await preview()).toEqual({ lastMessage: 'obrigada', lastMediaType: null });
  });
});
