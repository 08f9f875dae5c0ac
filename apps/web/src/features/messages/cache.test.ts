import type { ListMessagesAnswer, MessageView } from '@zapdesk/contracts';
import { describe, expect, it } from 'vitest';
import { flattenMessages, upsertMessage, updateMessage, type MessagePages } from './cache';

const message = (id: number, patch: Partial<MessageView> = {}) =>
  ({ id, ack: 0, body: `m${id}`, ...patch }) as MessageView;

const page = (...messages: MessageView[]) =>
  ({ messages, count: messages.length, hasMore: true }) as ListMessagesAnswer;

/** Page 1 holds the newest messages; each page is oldest-first. */
const data = (): MessagePages => ({
  pageParams: [1, 2],
  pages: [page(message(3), message(4)), page(message(1), message(2))],
});

describe('message cache', () => {
  it('reads the pages oldest first', () => {
    expect(flattenMessages(data()).map((m) => m.id)).toEqual([1, 2, 3, 4]);
  });

  it('appends a new message once, even when the send answer and its event both arrive', () => {
    const once = upsertMessage(data(), message(5));
    const twice = upsertMessage(once, message(5, { ack: 1 }));
    expect(flattenMessages(twice).map((m) => m.id)).toEqual([1, 2, 3, 4, 5]);
    expect(flattenMessages(twice).at(-1)?.ack).toBe(1);
  });

  it('updates acks and deletions in older pages and ignores unknown messages', () => {
    const updated = updateMessage(data(), message(1, { ack: 3, isDeleted: true }));
    expect(flattenMessages(updated)[0]).toMatchObject({ id: 1, ack: 3, isDeleted: true });
    expect(flattenMessages(updateMessage(data(), message(99))).map((m) => m.id)).toEqual([1, 2, 3, 4]);
  });
});
