import type { SimulatorOutboxItem } from '@zapdesk/contracts';
import { describe, expect, it } from 'vitest';
import { ackState, buildVcard, mediaKindOf, mergeConversation, type CustomerMessage } from './conversation';

const sent = (localId: string, createdAt: string): CustomerMessage => ({
  localId,
  type: 'text',
  body: localId,
  label: null,
  location: null,
  createdAt,
  state: 'accepted',
  externalId: null,
});

const answer = (externalId: string, createdAt: string, ack = 1): SimulatorOutboxItem => ({
  externalId,
  to: '5511987654321',
  type: 'text',
  body: externalId,
  fileName: null,
  mimetype: null,
  size: null,
  voiceNote: false,
  quotedExternalId: null,
  ack,
  isDeleted: false,
  isEdited: false,
  createdAt,
});

describe('the simulated conversation', () => {
  it('interleaves what the customer sent and what we answered by time', () => {
    const items = mergeConversation(
      [sent('hello', '2026-01-01T10:00:00.000Z'), sent('thanks', '2026-01-01T10:02:00.000Z')],
      [answer('welcome', '2026-01-01T10:01:00.000Z')],
    );
    expect(items.map((item) => [item.from, item.message.body])).toEqual([
      ['customer', 'hello'],
      ['us', 'welcome'],
      ['customer', 'thanks'],
    ]);
  });

  it("puts the customer's message first when the times tie", () => {
    const at = '2026-01-01T10:00:00.000Z';
    expect(mergeConversation([sent('question', at)], [answer('reply', at)]).map((i) => i.from)).toEqual([
      'customer',
      'us',
    ]);
  });

  it('sends files as image, audio, video or document by their type', () => {
    expect(mediaKindOf('image/jpeg')).toBe('image');
    expect(mediaKindOf('audio/ogg; codecs=opus')).toBe('audio');
    expect(mediaKindOf('video/mp4')).toBe('video');
    expect(mediaKindOf('application/pdf')).toBe('document');
    expect(mediaKindOf('')).toBe('document');
  });

  it('marks our messages sent, delivered, then read', () => {
    expect([0, 1, 2, 3, 4, 5].map(ackState)).toEqual([
      'pending',
      'sent',
      'delivered',
      'read',
      'read',
      'read',
    ]);
  });

  it('builds a contact card with the number as its WhatsApp id', () => {
    expect(buildVcard('Ana', '+55 (11) 98765-4321')).toBe(
      [
        'BEGIN:VCARD',
        'VERSION:3.0',
        'N:;Ana;;;',
        'FN:Ana',
        'TEL;type=CELL;type=VOICE;waid=5511987654321:+5511987654321',
        'END:VCARD',
      ].join('\n'),
    );
  });
});
