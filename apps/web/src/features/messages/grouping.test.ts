import type { MessageView } from '@zapdesk/contracts';
import { describe, expect, it } from 'vitest';
import { groupMessages } from './grouping';

const message = (id: number, createdAt: string, ticketId = 1, cycleId: number | null = 1): MessageView => ({
  id,
  wid: null,
  ticketId,
  cycleId,
  contactId: null,
  contact: null,
  queueId: null,
  body: `m${id}`,
  fromMe: false,
  read: true,
  mediaType: 'conversation',
  mediaUrl: null,
  mediaName: null,
  ack: 1,
  isDeleted: false,
  isEdited: false,
  isAutomatic: false,
  origin: 'customer',
  quotedMsgId: null,
  quotedMsg: null,
  error: null,
  createdAt,
  updatedAt: createdAt,
});

describe('message grouping', () => {
  it('puts a day separator before the first message of each local day', () => {
    const rows = groupMessages([
      message(1, '2026-11-20T10:00:00'),
      message(2, '2026-11-20T18:00:00'),
      message(3, '2026-11-21T09:00:00'),
    ]);
    expect(rows.map((row) => row.kind)).toEqual(['day', 'message', 'message', 'day', 'message']);
    const days = rows.flatMap((row) => (row.kind === 'day' ? [row.date.getDate()] : []));
    expect(days).toEqual([20, 21]);
  });

  it('marks adjacent messages of different tickets', () => {
    const rows = groupMessages([message(1, '2026-11-20T10:00:00', 1), message(2, '2026-11-20T11:00:00', 2)]);
    expect(rows.map((row) => row.kind)).toEqual(['day', 'message', 'ticketChange', 'message']);
  });

  it('marks where one attendance cycle of the same ticket ends and the next begins', () => {
    const rows = groupMessages([
      message(1, '2026-11-20T10:00:00', 1, 7),
      message(2, '2026-11-20T10:05:00', 1, 7),
      message(3, '2026-11-20T11:00:00', 1, 8),
    ]);
    expect(rows.map((row) => row.kind)).toEqual(['day', 'message', 'message', 'ticketChange', 'message']);
    expect(rows[3]).toEqual({
      kind: 'ticketChange',
      key: 'ticket-3',
      startedAt: new Date('2026-11-20T11:00:00'),
    });
  });

  it('has no rows without messages', () => {
    expect(groupMessages([])).toEqual([]);
  });
});
