import type { SimulatorMessageType, SimulatorOutboxItem } from '@zapdesk/contracts';

/** What the simulated customer sent from this page (kept in the page: the outbox only holds our side). */
export interface CustomerMessage {
  localId: string;
  type: SimulatorMessageType;
  body: string;
  /** The file or shared contact's name, shown in the bubble. */
  label: string | null;
  location: { latitude: number; longitude: number; name?: string } | null;
  createdAt: string;
  state: 'sending' | 'accepted' | 'failed';
  externalId: string | null;
}

export type ConversationItem =
  | { from: 'customer'; key: string; at: number; message: CustomerMessage }
  | { from: 'us'; key: string; at: number; message: SimulatorOutboxItem };

/** Both sides of the conversation in time order (the customer's first when the times tie). */
export function mergeConversation(
  customer: readonly CustomerMessage[],
  outbox: readonly SimulatorOutboxItem[],
): ConversationItem[] {
  const items: ConversationItem[] = [
    ...customer.map((message): ConversationItem => ({
      from: 'customer',
      key: `c-${message.localId}`,
      at: Date.parse(message.createdAt),
      message,
    })),
    ...outbox.map((message): ConversationItem => ({
      from: 'us',
      key: `o-${message.externalId}`,
      at: Date.parse(message.createdAt),
      message,
    })),
  ];
  return items.sort((a, b) => a.at - b.at || (a.from === b.from ? 0 : a.from === 'customer' ? -1 : 1));
}

export type MediaKind = 'image' | 'audio' | 'video' | 'document';

/** The inbound type a chosen file is sent as. */
export function mediaKindOf(mimetype: string): MediaKind {
  if (mimetype.startsWith('image/')) return 'image';
  if (mimetype.startsWith('audio/')) return 'audio';
  if (mimetype.startsWith('video/')) return 'video';
  return 'document';
}

/** A contact card as WhatsApp shares it. */
export function buildVcard(name: string, phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `N:;${name};;;`,
    `FN:${name}`,
    `TEL;type=CELL;type=VOICE;waid=${digits}:+${digits}`,
    'END:VCARD',
  ].join('\n');
}

/** The ack marks of our messages: 1 sent ✓, 2 delivered ✓✓, 3 and up read (blue ✓✓). */
export type AckState = 'pending' | 'sent' | 'delivered' | 'read';

export function ackState(ack: number): AckState {
  if (ack >= 3) return 'read';
  if (ack === 2) return 'delivered';
  if (ack === 1) return 'sent';
  return 'pending';
}
