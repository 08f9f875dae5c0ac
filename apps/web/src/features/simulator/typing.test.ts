import { describe, expect, it } from 'vitest';
import { isTyping, sameNumber, TYPING_MAX_MS, typingAfter } from './typing';

const chat = { whatsappId: 7, from: '5511987654321' };
const key = '7:5511987654321';
const at = '2026-11-27T10:00:00.000Z';
const composing = { whatsappId: 7, to: '5511987654321', state: 'composing', at };
const sentAt = (offsetMs: number) => ({ createdAt: new Date(Date.parse(at) + offsetMs).toISOString() });

describe('"typing…" on the simulated phone', () => {
  it('starts on composing to the open chat and ends with our next message', () => {
    const typing = typingAfter(null, composing, chat, 1000);
    expect(typing).toEqual({ chatKey: key, since: Date.parse(at), heardAt: 1000 });
    // Messages sent before it do not end it, however late the page reads them.
    expect(isTyping(typing, key, [sentAt(-500)], 1500)).toBe(true);
    expect(isTyping(typing, key, [sentAt(-500), sentAt(1200)], 1500)).toBe(false);
  });

  it('ends on paused, and after a quiet spell', () => {
    const typing = typingAfter(null, composing, chat, 1000);
    expect(typingAfter(typing, { ...composing, state: 'paused' }, chat, 1200)).toBeNull();
    expect(isTyping(typing, key, [], 1000 + TYPING_MAX_MS - 1)).toBe(true);
    expect(isTyping(typing, key, [], 1000 + TYPING_MAX_MS)).toBe(false);
  });

  it('ignores other chats, other connections and malformed events', () => {
    expect(typingAfter(null, { ...composing, to: '5511911112222' }, chat, 1)).toBeNull();
    expect(typingAfter(null, { ...composing, whatsappId: 8 }, chat, 1)).toBeNull();
    expect(typingAfter(null, { state: 'composing' }, chat, 1)).toBeNull();
    expect(typingAfter(null, composing, null, 1)).toBeNull();
    expect(isTyping(typingAfter(null, composing, chat, 1), '7:5511900000000', [], 2)).toBe(false);
  });

  it('takes a Brazilian mobile without its ninth digit for the same chat', () => {
    expect(sameNumber('551187654321', '5511987654321')).toBe(true);
    expect(sameNumber('5511987654321', '5511987654322')).toBe(false);
    expect(typingAfter(null, composing, { whatsappId: 7, from: '551187654321' }, 1)).not.toBeNull();
  });
});
