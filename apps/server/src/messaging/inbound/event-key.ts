import { createHash } from 'node:crypto';
import type { ProviderEvent } from '../providers';

export interface EventKey {
  /** Unique per connection: the wid for messages, a derived key for everything else. */
  eventId: string;
  /** Events with the same chat key are processed one at a time, in arrival order. */
  chatKey: string;
}

/** Acks carry no chat: each message's acks form their own queue. */
export const ackChatKey = (wid: string): string => `ack:${wid}`;

/** Whether a chat key is one message's ack queue. */
export const isAckChat = (chatKey: string): boolean => chatKey.startsWith('ack:');

const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);

/** The dedup and ordering keys of a provider event; null for events the pipeline does not store. */
export function eventKeyOf(event: ProviderEvent): EventKey | null {
  switch (event.type) {
    case 'message.received':
      return { eventId: event.message.wid, chatKey: event.message.chatId };
    case 'message.status':
      // Ack order does not matter: they only ever raise the stored value.
      return { eventId: `ack:${event.wid}:${event.ack}`, chatKey: ackChatKey(event.wid) };
    case 'message.edited':
      return { eventId: `edit:${event.wid}:${digest(event.text)}`, chatKey: event.chatId };
    case 'message.revoked':
      return { eventId: `revoke:${event.wid}`, chatKey: event.chatId };
    case 'call':
      return { eventId: `call:${event.callId}`, chatKey: event.from };
    case 'identity.mapped':
      return { eventId: `lid:${event.lid}:${event.phone}`, chatKey: event.phone };
    case 'contacts.sync':
      return { eventId: `sync:${digest(JSON.stringify(event.contacts))}`, chatKey: 'contacts.sync' };
    case 'connection.state':
      return null;
  }
}

/** Dates travel through the jsonb payload as strings; this brings them back. */
export function reviveEvent(payload: unknown): ProviderEvent {
  const event = payload as ProviderEvent;
  if (event.type === 'message.received') {
    return { ...event, message: { ...event.message, timestamp: new Date(event.message.timestamp) } };
  }
  if (event.type === 'call') return { ...event, at: new Date(event.at) };
  return event;
}
