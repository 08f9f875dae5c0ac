import { proto, type WAMessage, type WAMessageKey } from 'baileys';
import { describe, expect, it } from 'vitest';
import type { InboundMessage, ProviderEvent } from '../port';
import { betaHarness, type SessionHarness } from './session-harness';

const CUSTOMER = '5511987654321';
const customerJid = `${CUSTOMER}@s.whatsapp.net`;
let sequence = 0;

function incoming(
  message: proto.IMessage,
  key: Partial<WAMessageKey> = {},
  extra: Partial<WAMessage> = {},
): WAMessage {
  sequence += 1;
  return {
    key: { remoteJid: customerJid, fromMe: false, id: `3A${String(sequence).padStart(18, '0')}`, ...key },
    message,
    messageTimestamp: 1_760_000_000 + sequence,
    pushName: 'Maria',
    ...extra,
  };
}

const received = (events: ProviderEvent[]): InboundMessage[] =>
  events.flatMap((e) => (e.type === 'message.received' ? [e.message] : []));

async function deliver(h: SessionHarness, messages: WAMessage[], type: 'notify' | 'append' = 'notify') {
  h.socket().receive(messages, type);
  await h.settle();
  return received(h.events);
}

describe('beta session: inbound messages', () => {
  it('normalizes text, quoted replies and the sender', async () => {
    const h = betaHarness();
    await h.connect();
    const plain = incoming({ conversation: 'Olá!' });
    const reply = incoming({ extendedTextMessage: { text: 'Sim', contextInfo: { stanzaId: 'QUOTED1' } } });
    const [first, second] = await deliver(h, [plain, reply]);
    expect(first).toEqual({
      wid: plain.key.id,
      chatId: CUSTOMER,
      isGroup: false,
      senderId: CUSTOMER,
      pushName: 'Maria',
      fromMe: false,
      timestamp: new Date((1_760_000_000 + sequence - 1) * 1000),
      kind: 'text',
      text: 'Olá!',
    });
    expect(second).toMatchObject({ kind: 'text', text: 'Sim', quotedWid: 'QUOTED1' });
  });

  it('normalizes every media kind with a downloadable reference', async () => {
    const h = betaHarness();
    await h.connect();
    const file = (data: string) => ({ ...h.network.storeMedia(Buffer.from(data)), fileLength: data.length });
    const messages = [
      incoming({ imageMessage: { ...file('img'), mimetype: 'image/jpeg', caption: 'foto' } }),
      incoming({ audioMessage: { ...file('ptt'), mimetype: 'audio/ogg; codecs=opus', ptt: true } }),
      incoming({ videoMessage: { ...file('vid'), mimetype: 'video/mp4', caption: 'vídeo' } }),
      incoming({ documentMessage: { ...file('pdf'), mimetype: 'application/pdf', fileName: 'boleto.pdf' } }),
      incoming({
        documentWithCaptionMessage: {
          message: {
            documentMessage: {
              ...file('doc'),
              mimetype: 'application/pdf',
              fileName: 'nota.pdf',
              caption: 'segue',
            },
          },
        },
      }),
      incoming({ stickerMessage: { ...file('stk'), mimetype: 'image/webp' } }),
    ];
    const got = await deliver(h, messages);
    expect(got.map((m) => [m.kind, m.text, m.media?.mimetype, m.media?.fileName, m.media?.size])).toEqual([
      ['image', 'foto', 'image/jpeg', undefined, 3],
      ['audio', undefined, 'audio/ogg; codecs=opus', undefined, 3],
      ['video', 'vídeo', 'video/mp4', undefined, 3],
      ['document', undefined, 'application/pdf', 'boleto.pdf', 3],
      ['document', 'segue', 'application/pdf', 'nota.pdf', 3],
      ['sticker', undefined, 'image/webp', undefined, 3],
    ]);
    const downloads = await Promise.all(
      got.map(async (m) => {
        if (!m.media) throw new Error('no media');
        return (await h.session.downloadMedia(m.media)).data.toString();
      }),
    );
    expect(downloads).toEqual(['img', 'ptt', 'vid', 'pdf', 'doc', 'stk']);
    // The reference stays small: no thumbnails, only what the download needs.
    expect(Math.max(...got.map((m) => m.media?.ref.length ?? 0))).toBeLessThan(700);
  });

  it('normalizes locations, live locations, contacts, reactions and button and list replies', async () => {
    const h = betaHarness();
    await h.connect();
    const vcard =
      'BEGIN:VCARD\nVERSION:3.0\nFN:João\nTEL;type=CELL;waid=5511912345678:+55 11 91234-5678\nEND:VCARD';
    const got = await deliver(h, [
      incoming({
        locationMessage: {
          degreesLatitude: -23.55,
          degreesLongitude: -46.63,
          name: 'Loja',
          jpegThumbnail: Buffer.from([1, 2, 3]),
        },
      }),
      incoming({ liveLocationMessage: { degreesLatitude: -22.9, degreesLongitude: -43.2 } }),
      incoming({ contactMessage: { displayName: 'João', vcard } }),
      incoming({
        contactsArrayMessage: {
          contacts: [
            { displayName: 'João', vcard },
            { displayName: 'Ana', vcard },
          ],
        },
      }),
      incoming({ reactionMessage: { key: { id: 'OURMSG1', fromMe: true }, text: '👍' } }),
      incoming({ buttonsResponseMessage: { selectedButtonId: 'btn-yes', selectedDisplayText: 'Sim' } }),
      incoming({ templateButtonReplyMessage: { selectedId: 'tpl-2', selectedDisplayText: 'Dois' } }),
      incoming({ listResponseMessage: { title: 'Suporte', singleSelectReply: { selectedRowId: 'row-3' } } }),
    ]);
    expect(got.map((m) => m.kind)).toEqual([
      'location',
      'liveLocation',
      'vcard',
      'contacts',
      'reaction',
      'buttonReply',
      'buttonReply',
      'listReply',
    ]);
    expect(got[0]?.location).toEqual({
      latitude: -23.55,
      longitude: -46.63,
      name: 'Loja',
      thumbnailBase64: 'AQID',
    });
    expect(got[1]?.location).toEqual({ latitude: -22.9, longitude: -43.2 });
    expect(got[2]?.vcards).toEqual([{ displayName: 'João', vcard }]);
    expect(got[3]?.vcards?.map((c) => c.displayName)).toEqual(['João', 'Ana']);
    expect(got[4]).toMatchObject({ value: '👍', quotedWid: 'OURMSG1' });
    expect(got.slice(5).map((m) => [m.value, m.text])).toEqual([
      ['btn-yes', 'Sim'],
      ['tpl-2', 'Dois'],
      ['row-3', 'Suporte'],
    ]);
  });

  it('reports revokes and edits, and drops status updates, other protocol messages, stubs and empty reactions', async () => {
    const h = betaHarness();
    await h.connect();
    const Type = proto.Message.ProtocolMessage.Type;
    await deliver(h, [
      incoming({ conversation: 'story' }, { remoteJid: 'status@broadcast', participant: customerJid }),
      incoming({ protocolMessage: { type: Type.EPHEMERAL_SETTING, ephemeralExpiration: 86400 } }),
      incoming({}, {}, { messageStubType: 2, message: null }),
      incoming({ reactionMessage: { key: { id: 'OURMSG1' }, text: '' } }),
      incoming({ protocolMessage: { type: Type.REVOKE, key: { id: 'GONE1', remoteJid: customerJid } } }),
      incoming({
        editedMessage: {
          message: {
            protocolMessage: {
              type: Type.MESSAGE_EDIT,
              key: { id: 'EDITED1', remoteJid: customerJid },
              editedMessage: { conversation: 'texto corrigido' },
            },
          },
        },
      }),
    ]);
    const inbound = h.events.filter((e) => e.type !== 'connection.state');
    expect(inbound).toEqual([
      { type: 'message.revoked', wid: 'GONE1', chatId: CUSTOMER },
      { type: 'message.edited', wid: 'EDITED1', chatId: CUSTOMER, text: 'texto corrigido' },
    ]);
  });

  it("takes 'append' upserts too: messages that waited while we were offline, and ones typed on our phone", async () => {
    const h = betaHarness();
    await h.connect();
    const offline = incoming({ conversation: 'mandei ontem' });
    const typedOnPhone = incoming({ conversation: 'respondi pelo celular' }, { fromMe: true });
    const got = await deliver(h, [offline, typedOnPhone], 'append');
    expect(got.map((m) => [m.text, m.fromMe, m.chatId])).toEqual([
      ['mandei ontem', false, CUSTOMER],
      ['respondi pelo celular', true, CUSTOMER],
    ]);
    expect(got[1]?.pushName).toBeUndefined();
  });

  it('resolves a LID sender to the phone (alt jid or mapping store), announcing the mapping first', async () => {
    const h = betaHarness();
    await h.connect();
    h.network.lidToPhone.set('222000111@lid', '5511933334444@s.whatsapp.net');
    await deliver(h, [
      incoming({ conversation: 'via alt' }, { remoteJid: '111000222@lid', remoteJidAlt: customerJid }),
      incoming({ conversation: 'via store' }, { remoteJid: '222000111@lid' }),
      incoming({ conversation: 'unknown' }, { remoteJid: '333000999@lid' }),
      incoming({ conversation: 'again' }, { remoteJid: '111000222@lid', remoteJidAlt: customerJid }),
    ]);
    const inbound = h.events.filter((e) => e.type !== 'connection.state');
    expect(inbound.map((e) => e.type)).toEqual([
      'identity.mapped',
      'message.received',
      'identity.mapped',
      'message.received',
      'message.received',
      'message.received',
    ]);
    expect(inbound[0]).toEqual({ type: 'identity.mapped', lid: '111000222', phone: CUSTOMER });
    expect(inbound[2]).toEqual({ type: 'identity.mapped', lid: '222000111', phone: '5511933334444' });
    expect(received(h.events).map((m) => [m.chatId, m.senderId, m.senderLid])).toEqual([
      [CUSTOMER, CUSTOMER, '111000222'],
      ['5511933334444', '5511933334444', '222000111'],
      ['333000999', '333000999', '333000999'],
      [CUSTOMER, CUSTOMER, '111000222'],
    ]);
  });

  it("reports baileys' LID mapping updates once", async () => {
    const h = betaHarness();
    await h.connect();
    const update = { 'lid-mapping.update': { lid: '444555@lid', pn: '5511955556666:3@s.whatsapp.net' } };
    h.socket().emit(update);
    h.socket().emit(update);
    await h.settle();
    expect(h.events.filter((e) => e.type === 'identity.mapped')).toEqual([
      { type: 'identity.mapped', lid: '444555', phone: '5511955556666' },
    ]);
  });

  it('keeps the group as the chat and the participant as the sender', async () => {
    const h = betaHarness();
    await h.connect();
    const [fromCustomer, fromUs] = await deliver(h, [
      incoming(
        { conversation: 'oi grupo' },
        { remoteJid: '120363025@g.us', participant: '987@lid', participantAlt: customerJid },
      ),
      incoming({ conversation: 'oi' }, { remoteJid: '120363025@g.us', fromMe: true }),
    ]);
    expect(fromCustomer).toMatchObject({
      chatId: '120363025@g.us',
      isGroup: true,
      senderId: CUSTOMER,
      senderLid: '987',
    });
    expect(fromUs).toMatchObject({
      chatId: '120363025@g.us',
      isGroup: true,
      senderId: h.network.ownNumber,
      fromMe: true,
    });
  });

  it('reports acks of our messages only upwards: 1 sent, 2 delivered, 3 read, 4 played', async () => {
    const h = betaHarness();
    await h.connect();
    const Status = proto.WebMessageInfo.Status;
    const ours = { remoteJid: customerJid, fromMe: true, id: 'OUR1' };
    const statuses = [
      Status.PENDING,
      Status.SERVER_ACK,
      Status.READ,
      Status.DELIVERY_ACK,
      Status.ERROR,
      Status.PLAYED,
    ];
    for (const status of statuses)
      h.socket().emit({ 'messages.update': [{ key: ours, update: { status } }] });
    h.socket().emit({
      'messages.update': [
        { key: { remoteJid: customerJid, fromMe: false, id: 'THEIRS' }, update: { status: Status.READ } },
      ],
    });
    await h.settle();
    expect(h.events.filter((e) => e.type === 'message.status')).toEqual([
      { type: 'message.status', wid: 'OUR1', ack: 1 },
      { type: 'message.status', wid: 'OUR1', ack: 3 },
      { type: 'message.status', wid: 'OUR1', ack: 4 },
    ]);
  });

  it('reports incoming call offers with the caller phone, and rejects them on the jid they came from', async () => {
    const h = betaHarness();
    await h.connect();
    const at = new Date('2026-11-22T10:00:00Z');
    const call = {
      chatId: '777@lid',
      from: '777@lid',
      callerPn: customerJid,
      id: 'CALL1',
      date: at,
      offline: false,
    };
    h.socket().emit({
      call: [
        { ...call, status: 'offer', isVideo: true },
        { ...call, status: 'ringing' },
        { ...call, id: 'GROUPCALL', status: 'offer', isGroup: true },
      ],
    });
    await h.settle();
    expect(h.events.filter((e) => e.type === 'call')).toEqual([
      { type: 'call', callId: 'CALL1', from: CUSTOMER, isVideo: true, at },
    ]);
    await h.session.rejectCall('CALL1', CUSTOMER);
    expect(h.socket().rejected).toEqual([{ callId: 'CALL1', from: '777@lid' }]);
  });

  it('hands phone-book contacts with a known phone to the product', async () => {
    const h = betaHarness();
    await h.connect();
    h.socket().emit({
      'contacts.upsert': [
        { id: customerJid, name: 'Maria Silva', notify: 'Maria' },
        { id: '555@lid', phoneNumber: '5511977778888@s.whatsapp.net', notify: 'Zé' },
        { id: '666@lid' },
      ],
    });
    await h.settle();
    expect(h.events.filter((e) => e.type === 'contacts.sync')).toEqual([
      {
        type: 'contacts.sync',
        contacts: [
          { id: customerJid, name: 'Maria Silva', notify: 'Maria' },
          { id: '5511977778888@s.whatsapp.net', notify: 'Zé' },
        ],
      },
    ]);
  });
});
