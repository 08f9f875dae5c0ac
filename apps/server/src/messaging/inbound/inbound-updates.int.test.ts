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
  server = await startTestServer({ SESSIONS_AUTOSTART: 'off' });
});
afterAll(() => server.close());

async function setup() {
  const session = await buildAdminSession(server);
  const connection = await buildConnection(server, session.company);
  const ingest = async (event: Parameters<TestServer['messaging']['inbound']['ingest']>[1]) => {
    await server.messaging.inbound.ingest(connection.descriptor, event);
    await server.messaging.inbound.idle();
  };
  return { ...session, connection, ingest };
}

const messagesOf = (companyId: number) =>
  asCompany(server, companyId, (tx) => tx.selectFrom('messages').selectAll().orderBy('id').execute());

describe('group messages', () => {
  it('are ignored while CheckMsgIsGroup is enabled', async () => {
    const { company, ingest } = await setup();
    await ingest(inboundMessage({ chatId: '120363000000001@g.us', isGroup: true, senderId: uniquePhone() }));
    expect(await messagesOf(company.id)).toEqual([]);
    const contacts = await asCompany(server, company.id, (tx) =>
      tx.selectFrom('contacts').select('id').execute(),
    );
    expect(contacts).toEqual([]);
  });

  it('belong to the group ticket, sent by the member, once CheckMsgIsGroup is disabled', async () => {
    const { company, token, ingest } = await setup();
    await server.call('PUT', '/settings/CheckMsgIsGroup', { token, body: { value: 'disabled' } });
    const member = uniquePhone();
    const group = `1203630${member}@g.us`;
    await ingest(
      inboundMessage({
        chatId: group,
        isGroup: true,
        senderId: member,
        pushName: 'Member One',
        text: 'hi all',
      }),
    );

    const [message] = await messagesOf(company.id);
    const { ticket, groupContact, sender } = await asCompany(server, company.id, async (tx) => ({
      ticket: await tx
        .selectFrom('tickets')
        .where('id', '=', message!.ticketId)
        .selectAll()
        .executeTakeFirstOrThrow(),
      groupContact: await tx
        .selectFrom('contacts')
        .where('number', '=', `1203630${member}`)
        .selectAll()
        .executeTakeFirstOrThrow(),
      sender: await tx
        .selectFrom('contacts')
        .where('number', '=', member)
        .selectAll()
        .executeTakeFirstOrThrow(),
    }));
    expect(ticket).toMatchObject({ isGroup: true, contactId: groupContact.id, status: 'pending' });
    expect(groupContact.isGroup).toBe(true);
    expect(sender).toMatchObject({ name: 'Member One', isGroup: false });
    expect(message).toMatchObject({ contactId: sender.id, body: 'hi all' });
  });
});

describe('edits, revokes and acks', () => {
  it('applies an edit and a revoke to the stored message', async () => {
    const { company, ingest } = await setup();
    const phone = uniquePhone();
    const event = inboundMessage({ chatId: phone, text: 'typo' });
    const wid = event.message.wid;
    await ingest(event);
    await ingest({ type: 'message.edited', wid, chatId: phone, text: 'fixed' });
    expect((await messagesOf(company.id))[0]).toMatchObject({
      body: 'fixed',
      isEdited: true,
      isDeleted: false,
    });
    await ingest({ type: 'message.revoked', wid, chatId: phone });
    await ingest({ type: 'message.revoked', wid, chatId: phone });
    const rows = await messagesOf(company.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ body: 'fixed', isDeleted: true });
  });

  it('keeps an ack that came before its message and applies it once the message is stored', async () => {
    const { company, connection, ingest } = await setup();
    const phone = uniquePhone();
    const event = inboundMessage({ chatId: phone, fromMe: true, text: 'from the phone' });
    const wid = event.message.wid;
    await ingest({ type: 'message.status', wid, ack: 3 });
    await ingest(event);
    await server.messaging.inbound.idle();
    expect((await messagesOf(company.id))[0]?.ack).toBe(3);
    const events = await asCompany(server, company.id, (tx) =>
      tx.selectFrom('inboundEvents').where('whatsappId', '=', connection.id).select('status').execute(),
    );
    expect(events.map((e) => e.status)).toEqual(['processed', 'processed']);
  });
});

describe('media downloads', () => {
  it('keeps the message without media when the download fails for good', async () => {
    const { company, connection, ingest } = await setup();
    fakeSession(server, connection.id); // knows no media: every download fails permanently
    const phone = uniquePhone();
    await ingest(
      inboundMessage({
        chatId: phone,
        kind: 'image',
        text: 'look',
        media: { ref: 'gone', mimetype: 'image/jpeg', fileName: 'x.jpg' },
      }),
    );
    const outbox = await eventually(async () => {
      const row = await asCompany(server, company.id, (tx) =>
        tx.selectFrom('outbox').where('kind', '=', 'download').selectAll().executeTakeFirst(),
      );
      return row?.status === 'failed' ? row : undefined;
    });
    expect(outbox.lastError).toBe('media gone expired');
    const [message] = await messagesOf(company.id);
    expect(message).toMatchObject({ body: 'look', mediaType: 'image', mediaPath: null });
  });

  it('downloads media with the live session into the company folder', async () => {
    const { company, connection, ingest } = await setup();
    const session = fakeSession(server, connection.id);
    session.media.set('m1', {
      data: Buffer.from('jpeg-data'),
      mimetype: 'image/jpeg',
      fileName: 'photo 1.jpg',
    });
    await ingest(
      inboundMessage({ chatId: uniquePhone(), kind: 'image', media: { ref: 'm1', mimetype: 'image/jpeg' } }),
    );
    const message = await eventually(async () => (await messagesOf(company.id)).find((m) => m.mediaPath));
    expect(message.mediaPath).toMatch(
      new RegExp(`^company${company.id}/messages/[0-9a-f-]{36}-photo_1\\.jpg$`),
    );
    const served = await server.app.inject({ method: 'GET', url: `/public/${message.mediaPath}` });
    expect(served.body).toBe('jpeg-data');
  });
});

describe('phone book', () => {
  it('keeps synced contacts once per connection and jid, and maps LIDs to contacts', async () => {
    const { company, connection, ingest } = await setup();
    const phone = uniquePhone();
    await ingest(inboundMessage({ chatId: phone }));
    await ingest({ type: 'identity.mapped', lid: '99887766@lid', phone });
    await ingest({
      type: 'contacts.sync',
      contacts: [
        { id: `${phone}@s.whatsapp.net`, name: 'Old' },
        { id: `${phone}@s.whatsapp.net`, name: 'New' },
        { id: '5511911112222@s.whatsapp.net', notify: 'Someone' },
      ],
    });
    const { synced, contact } = await asCompany(server, company.id, async (tx) => ({
      synced: await tx
        .selectFrom('whatsappContacts')
        .where('whatsappId', '=', connection.id)
        .selectAll()
        .orderBy('jid')
        .execute(),
      contact: await tx
        .selectFrom('contacts')
        .where('number', '=', phone)
        .selectAll()
        .executeTakeFirstOrThrow(),
    }));
    expect(synced.map((s) => [s.jid, s.name]).sort()).toEqual(
      [
        ['5511911112222@s.whatsapp.net', null],
        [`${phone}@s.whatsapp.net`, 'New'],
      ].sort(),
    );
    expect(contact.lid).toBe('99887766@lid');
  });
});
