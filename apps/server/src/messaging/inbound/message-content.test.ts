import { describe, expect, it } from 'vitest';
import type { InboundMessage } from '../providers/port';
import { describeContent, phoneOfVcard } from './message-content';

const base: InboundMessage = {
  wid: 'W1',
  chatId: '5511999990000',
  isGroup: false,
  senderId: '5511999990000',
  fromMe: false,
  timestamp: new Date(),
  kind: 'text',
};
const media = (mimetype: string, fileName?: string) => ({
  ref: 'r',
  mimetype,
  ...(fileName ? { fileName } : {}),
});

describe('describeContent (server-behaviour 6.3)', () => {
  it('keeps texts as they are, replies as extendedTextMessage', () => {
    expect(describeContent({ ...base, text: 'oi' })).toEqual({
      body: 'oi',
      mediaType: 'conversation',
      hasMedia: false,
    });
    expect(describeContent({ ...base, text: 'sim', quotedWid: 'W0' })?.mediaType).toBe('extendedTextMessage');
  });

  it('names media by MIME major type, with caption, else file name, and "Áudio" for bare audio', () => {
    expect(describeContent({ ...base, kind: 'image', text: 'cap', media: media('image/jpeg') })).toEqual({
      body: 'cap',
      mediaType: 'image',
      hasMedia: true,
    });
    expect(describeContent({ ...base, kind: 'video', media: media('video/mp4', 'v.mp4') })?.body).toBe(
      'v.mp4',
    );
    expect(describeContent({ ...base, kind: 'audio', media: media('audio/ogg') })).toMatchObject({
      body: 'Áudio',
      mediaType: 'audio',
    });
    expect(describeContent({ ...base, kind: 'document', media: media('text/csv', 'a.csv') })).toMatchObject({
      body: 'a.csv',
      mediaType: 'application',
    });
    expect(describeContent({ ...base, kind: 'sticker', media: media('image/webp') })).toMatchObject({
      body: 'sticker',
      mediaType: 'image',
    });
  });

  it('writes locations pipe-separated: thumbnail, map link, coordinates', () => {
    const content = describeContent({
      ...base,
      kind: 'location',
      location: { latitude: -23.55, longitude: -46.63, thumbnailBase64: 'AAA' },
    });
    expect(content).toEqual({
      body: 'data:image/png;base64,AAA | https://maps.google.com/maps?q=-23.55%2C-46.63&z=17&hl=pt-BR|-23.55, -46.63',
      mediaType: 'locationMessage',
      hasMedia: false,
    });
    expect(
      describeContent({ ...base, kind: 'liveLocation', location: { latitude: 1, longitude: 2 } })?.body,
    ).toBe('Latitude: 1 - Longitude: 2');
  });

  it('keeps a vCard raw and lists several contacts as "Name: 📞number"', () => {
    const vcard = 'BEGIN:VCARD\nFN:Ana\nTEL;type=CELL;waid=5511988887777:+55 11 98888-7777\nEND:VCARD';
    expect(
      describeContent({ ...base, kind: 'vcard', vcards: [{ displayName: 'Ana', vcard }] }),
    ).toMatchObject({
      body: vcard,
      mediaType: 'vcard',
    });
    const other = 'BEGIN:VCARD\nFN:Bia\nTEL:+55 (21) 97777-6666\nEND:VCARD';
    expect(
      describeContent({
        ...base,
        kind: 'contacts',
        vcards: [
          { displayName: 'Ana', vcard },
          { displayName: 'Bia', vcard: other },
        ],
      }),
    ).toMatchObject({ body: 'Ana: 📞5511988887777\nBia: 📞5521977776666', mediaType: 'contactMessage' });
    expect(phoneOfVcard('BEGIN:VCARD\nEND:VCARD')).toBe('');
  });

  it('stores reactions as the emoji and button or list replies as the chosen id', () => {
    expect(describeContent({ ...base, kind: 'reaction', value: '👍' })).toMatchObject({ body: '👍' });
    expect(describeContent({ ...base, kind: 'buttonReply', value: 'opt-1' })?.body).toBe('opt-1');
    expect(describeContent({ ...base, kind: 'listReply', value: 'row-2' })?.body).toBe('row-2');
  });

  it('drops what it cannot show', () => {
    expect(describeContent({ ...base, kind: 'location' })).toBeNull();
    expect(describeContent({ ...base, kind: 'unknown' as InboundMessage['kind'] })).toBeNull();
  });
});
