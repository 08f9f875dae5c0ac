import type { z } from 'zod';
import type { ProviderEvent } from '..';
import { toInboundMessage } from './to-inbound';
import {
  CloudChangeValue,
  CloudContact,
  CloudMessage,
  CloudStatus,
  type CloudWebhookEnvelope,
} from './webhook-payload';

export interface WebhookLog {
  warn(obj: object, msg?: string): void;
}

type Envelope = z.infer<typeof CloudWebhookEnvelope>;
type Ack = 1 | 2 | 3;

const ACKS: Record<string, Ack> = { sent: 1, delivered: 2, read: 3 };

/**
 * The port events of one webhook delivery for the connection of `phoneNumberId`: customers' messages in the
 * order Meta listed them, then one status per message with its highest ack in the delivery (Meta may list
 * `read` before `delivered`; a lower ack after a higher one would be news of nothing). Failed statuses,
 * changes of other numbers and items we cannot read are logged, not emitted.
 */
export function toProviderEvents(
  envelope: Envelope,
  phoneNumberId: string,
  log: WebhookLog,
): ProviderEvent[] {
  const messages: ProviderEvent[] = [];
  const acks = new Map<string, Ack>();
  for (const change of envelope.entry.flatMap((entry) => entry.changes)) {
    if (change.field !== 'messages') continue;
    const value = CloudChangeValue.safeParse(change.value);
    if (!value.success) {
      log.warn({ issue: value.error.issues[0]?.message }, 'cloud webhook: unreadable change skipped');
      continue;
    }
    const { metadata, contacts = [], statuses = [], errors = [] } = value.data;
    if (metadata && metadata.phone_number_id !== phoneNumberId) {
      log.warn(
        { phoneNumberId: metadata.phone_number_id },
        'cloud webhook: change for another phone number skipped (give each number its own webhook URL)',
      );
      continue;
    }
    if (errors.length > 0) log.warn({ errors }, 'cloud webhook: Meta reported errors');
    const names = pushNames(contacts);
    for (const raw of value.data.messages ?? []) {
      const parsed = CloudMessage.safeParse(raw);
      const message = parsed.success ? toInboundMessage(parsed.data, names.get(parsed.data.from)) : null;
      if (message) messages.push({ type: 'message.received', message });
      else log.warn({ type: typeOf(raw) }, 'cloud webhook: message of a kind we do not show skipped');
    }
    for (const raw of statuses) collectStatus(raw, acks, log);
  }
  const statusEvents: ProviderEvent[] = [...acks].map(([wid, ack]) => ({ type: 'message.status', wid, ack }));
  return [...messages, ...statusEvents];
}

function pushNames(contacts: unknown[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const raw of contacts) {
    const contact = CloudContact.safeParse(raw);
    const name = contact.success ? contact.data.profile?.name : undefined;
    if (contact.success && name) names.set(contact.data.wa_id, name);
  }
  return names;
}

function collectStatus(raw: unknown, acks: Map<string, Ack>, log: WebhookLog): void {
  const parsed = CloudStatus.safeParse(raw);
  if (!parsed.success) {
    log.warn({ issue: parsed.error.issues[0]?.message }, 'cloud webhook: unreadable status skipped');
    return;
  }
  const status = parsed.data;
  if (status.status === 'failed') {
    log.warn(
      { wid: status.id, recipient: status.recipient_id, errors: status.errors },
      'cloud webhook: WhatsApp could not deliver a message',
    );
    return;
  }
  const ack = ACKS[status.status];
  if (!ack) return;
  const known = acks.get(status.id);
  if (known === undefined || ack > known) acks.set(status.id, ack);
}

const typeOf = (raw: unknown): unknown =>
  raw && typeof raw === 'object' && 'type' in raw ? (raw as { type: unknown }).type : undefined;
