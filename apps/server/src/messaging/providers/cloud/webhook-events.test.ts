import { describe, expect, it } from 'vitest';
import { describeContent } from '../../inbound/message-content';
import type { InboundMessage, ProviderEvent } from '../port';
import { toProviderEvents } from './webhook-events';
import { CloudWebhookEnvelope } from './webhook-payload';

const PHONE_NUMBER_ID = '106540352242922';
const CUSTOMER = '5511998765432';

function envelope(value: Record<string, unknown>, phoneNumberId = PHONE_NUMBER_ID) {
  return CloudWebhookEnvelope.parse({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  });
}

function collect(value: Record<string, unknown>, phoneNumberId?: string) {
  const warnings: string[] = [];
  const events = toProviderEvents(envelope(value, phoneNumberId), PHONE_NUMBER_ID, {
    warn: (_obj, msg) => warnings.push(msg ?? ''),
  });
  return { events, warnings };
}

/** The one inbound message of a delivery holding `message` from the customer. */
function inbound(message: Record<string, unknown>): InboundMessage {
  const { events } = collect({
    contacts: [{ profile: { name: 'Sheena Nelson' }, wa_id: CUSTOMER }],
    messages: [{ from: CUSTOMER, id: 'wamid.IN1', timestamp: '1749416383', ...message }],
  });
  const [event] = events;
  if (events.length !== 1 || event?.type !== 'message.received') {
    throw new Error(`expected one message, got ${JSON.stringify(events)}`);
  }
  return event.message;
}

const statusOf = (wid: string, status: string) => ({
  id: wid,
  status,
  timestamp: '1749416400',
  recipient_id: CUSTOMER,
});

describe('cloud webhook payloads as port events', () => {
  it('reads a text with the sender, profile name, time and the message it replies to', () => {
    const message = inbound({ type: 'text', text: { body: 'Tem em azul?' }, context: { id: 'wamid.OUT7' } });
    expect(message).toEqual({
      wid: 'wamid.IN1',
      chatId: CUSTOMER,
      isGroup: false,
      senderId: CUSTOMER,
      pushName: 'Sheena Nelson',
      fromMe: false,
      timestamp: new Date(1749416383 * 1000),
      kind: 'text',
      text: 'Tem em azul?',
      quotedWid: 'wamid.OUT7',
    });
  });

  it('reads media as references to download by id, with caption, file name and MIME type', () => {
    const image = inbound({ type: 'image', image: { id: 'M1', mime_type: 'image/jpeg', caption: 'foto' } });
    expect(image).toMatchObject({
      kind: 'image',
      text: 'foto',
      media: { ref: 'M1', mimetype: 'image/jpeg' },
    });
    const document = inbound({
      type: 'document',
      document: { id: 'M2', mime_type: 'application/pdf', filename: 'boleto.pdf' },
    });
    expect(document).toMatchObject({
      kind: 'document',
      media: { ref: 'M2', mimetype: 'application/pdf', fileName: 'boleto.pdf' },
    });
    const voice = inbound({
      type: 'audio',
      audio: { id: 'M3', mime_type: 'audio/ogg; codecs=opus', voice: true },
    });
    expect(voice).toMatchObject({ kind: 'audio', media: { ref: 'M3', mimetype: 'audio/ogg; codecs=opus' } });
    expect(describeContent(voice)).toEqual({ body: 'Áudio', mediaType: 'audio', hasMedia: true });
    expect(inbound({ type: 'video', video: { id: 'M4', mime_type: 'video/mp4' } })).toMatchObject({
      kind: 'video',
      media: { ref: 'M4' },
    });
    const sticker = inbound({ type: 'sticker', sticker: { id: 'M5', mime_type: 'image/webp' } });
    expect(describeContent(sticker)).toMatchObject({ body: 'sticker', hasMedia: true });
  });

  it('reads locations, shared contacts as vCards, reactions and button or list replies', () => {
    const location = inbound({
      type: 'location',
      location: { latitude: -23.55, longitude: -46.63, name: 'Sé' },
    });
    expect(describeContent(location)?.body).toContain('https://maps.google.com/maps?q=-23.55%2C-46.63');

    const one = inbound({
      type: 'contacts',
      contacts: [
        {
          name: { formatted_name: 'Ana Souza' },
          phones: [{ phone: '+55 11 91234-5678', wa_id: '5511912345678' }],
        },
      ],
    });
    expect(one.kind).toBe('vcard');
    expect(one.vcards?.[0]?.vcard).toContain('TEL;type=CELL;waid=5511912345678:+55 11 91234-5678');
    const two = inbound({
      type: 'contacts',
      contacts: [
        { name: { formatted_name: 'Ana' }, phones: [{ wa_id: '5511912345678' }] },
        { name: { formatted_name: 'Bia' }, phones: [{ phone: '+55 21 3333-2222' }] },
      ],
    });
    expect(describeContent(two)?.body).toBe('Ana: 📞5511912345678\nBia: 📞552133332222');

    expect(inbound({ type: 'reaction', reaction: { message_id: 'wamid.OUT1', emoji: '👍' } })).toMatchObject({
      kind: 'reaction',
      value: '👍',
      quotedWid: 'wamid.OUT1',
    });
    const button = inbound({
      type: 'interactive',
      interactive: { type: 'button_reply', button_reply: { id: '2', title: 'Suporte' } },
    });
    expect(button).toMatchObject({ kind: 'buttonReply', value: '2', text: 'Suporte' });
    const list = inbound({
      type: 'interactive',
      interactive: { type: 'list_reply', list_reply: { id: 'row-3', title: 'Financeiro' } },
    });
    expect(describeContent(list)?.body).toBe('row-3');
    expect(inbound({ type: 'button', button: { payload: 'YES', text: 'Sim' } })).toMatchObject({
      kind: 'buttonReply',
      value: 'YES',
    });
  });

  it('skips what the product does not show, keeping the rest of the delivery', () => {
    const { events, warnings } = collect({
      contacts: [{ profile: { name: 'Ana' }, wa_id: CUSTOMER }],
      messages: [
        { from: CUSTOMER, id: 'wamid.A', timestamp: '1', type: 'unsupported', errors: [{ code: 131051 }] },
        {
          from: CUSTOMER,
          id: 'wamid.B',
          timestamp: '2',
          type: 'reaction',
          reaction: { message_id: 'x', emoji: '' },
        },
        { from: CUSTOMER, id: 'wamid.C', timestamp: '3', type: 'text' },
        { garbage: true },
        { from: CUSTOMER, id: 'wamid.D', timestamp: '4', type: 'text', text: { body: 'still here' } },
      ],
    });
    expect(events.map((e) => (e.type === 'message.received' ? e.message.wid : e.type))).toEqual(['wamid.D']);
    expect(warnings).toHaveLength(4);
  });

  it('turns statuses into acks 1 to 3, one per message with its highest ack, and logs failures', () => {
    const { events, warnings } = collect({
      statuses: [
        statusOf('wamid.X', 'read'),
        statusOf('wamid.X', 'sent'),
        statusOf('wamid.X', 'delivered'),
        statusOf('wamid.Y', 'sent'),
        statusOf('wamid.Y', 'delivered'),
        { ...statusOf('wamid.Z', 'failed'), errors: [{ code: 131026, title: 'Message undeliverable' }] },
      ],
    });
    expect(events).toEqual<ProviderEvent[]>([
      { type: 'message.status', wid: 'wamid.X', ack: 3 },
      { type: 'message.status', wid: 'wamid.Y', ack: 2 },
    ]);
    expect(warnings).toEqual(['cloud webhook: WhatsApp could not deliver a message']);
  });

  it('ignores changes of another phone number and fields other than messages', () => {
    const other = collect(
      { messages: [{ from: CUSTOMER, id: 'w', timestamp: '1', type: 'text', text: { body: 'x' } }] },
      '999',
    );
    expect(other.events).toEqual([]);
    expect(other.warnings).toHaveLength(1);
    const account = toProviderEvents(
      CloudWebhookEnvelope.parse({
        object: 'whatsapp_business_account',
        entry: [{ id: '1', changes: [{ field: 'account_update', value: { event: 'VERIFIED_ACCOUNT' } }] }],
      }),
      PHONE_NUMBER_ID,
      { warn: () => undefined },
    );
    expect(account).toEqual([]);
  });
});
