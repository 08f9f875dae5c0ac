import type { MessageView } from '@zapdesk/contracts';
import { isSameDay, parseISO } from 'date-fns';

export type MessageRow =
  | { kind: 'day'; key: string; date: Date }
  /** One conversation closed and the next began with the message that follows, sent at `startedAt`. */
  | { kind: 'ticketChange'; key: string; startedAt: Date }
  | { kind: 'message'; key: string; message: MessageView };

/**
 * The rows of the message list, oldest first: a day separator before the first message of each day and a
 * marker between adjacent messages of different tickets (spec 1 section 2). A ticket is reused for every
 * conversation with its contact, so each attendance cycle counts as a ticket of its own here.
 */
export function groupMessages(messages: readonly MessageView[]): MessageRow[] {
  const rows: MessageRow[] = [];
  let previous: MessageView | undefined;
  for (const message of messages) {
    const date = parseISO(message.createdAt);
    if (!previous || !isSameDay(parseISO(previous.createdAt), date)) {
      rows.push({ kind: 'day', key: `day-${message.id}`, date });
    }
    if (previous && (previous.ticketId !== message.ticketId || previous.cycleId !== message.cycleId)) {
      rows.push({ kind: 'ticketChange', key: `ticket-${message.id}`, startedAt: date });
    }
    rows.push({ kind: 'message', key: `message-${message.id}`, message });
    previous = message;
  }
  return rows;
}
