import {
  jidNormalizedUser,
  type Contact,
  type WACallEvent,
  type WAMessage,
  type WAMessageContent,
  type WAMessageKey,
} from 'baileys';
import type { ProviderEvent } from '..';
import { AckTracker, ackOfStatus } from './acks';
import { BoundedMap } from './bounded-map';
import { resolveParty } from './identity';
import { isPhoneJid, userOf } from './jids';
import type { BetaSocket, EventBatch } from './socket';
import { toProviderEvents } from './to-inbound';

/** Hands one event to the product (retrying as it sees fit). */
export type Deliver = (event: ProviderEvent) => Promise<void>;

/**
 * Turns baileys' event batches into port events, in order: messages (every upsert, 'append' included —
 * baileys files messages that waited while we were offline under it), acks, calls, LID mappings and the
 * phone book. Remembers what later commands need: keys of recent messages, callers of recent calls.
 */
export class InboundEvents {
  readonly #acks = new AckTracker();
  /** Ids this session sent: their echo is not news. */
  readonly #sent = new BoundedMap<string, true>(5_000);
  readonly #keys = new BoundedMap<string, WAMessageKey>(5_000);
  readonly #contents = new BoundedMap<string, WAMessageContent>(1_000);
  readonly #callers = new BoundedMap<string, string>(500);
  readonly #mapped = new BoundedMap<string, true>(20_000);

  constructor(private readonly deliver: Deliver) {}

  /** Called before a send, so its echo (which may come before the send returns) is recognised. */
  noteSending(wid: string): void {
    this.#sent.set(wid, true);
  }

  /** Keeps what we sent for a while: WhatsApp asks for it again when a recipient's device failed to decrypt it. */
  noteSent(message: WAMessage): void {
    const id = message.key.id;
    if (!id) return;
    this.#keys.set(id, message.key);
    if (message.message) this.#contents.set(id, message.message);
  }

  /** Our recent message, for baileys' `getMessage` (retry requests). */
  contentOf(wid: string): WAMessageContent | undefined {
    return this.#contents.get(wid);
  }

  /** The full key of a recent message (its LID chat or group participant), for receipts and deletes. */
  keyOf(wid: string): WAMessageKey | undefined {
    return this.#keys.get(wid);
  }

  /** The jid a recent call came from, as WhatsApp wants it back in a reject. */
  callerOf(callId: string): string | undefined {
    return this.#callers.get(callId);
  }

  async handle(socket: BetaSocket, events: EventBatch, ownNumber: string | undefined): Promise<void> {
    const mapping = events['lid-mapping.update'];
    if (mapping) await this.#map(userOf(mapping.lid), userOf(mapping.pn));
    const history = events['messaging-history.set'];
    if (history) await this.#phoneBook(history.contacts);
    if (events['contacts.upsert']) await this.#phoneBook(events['contacts.upsert']);
    const upsert = events['messages.upsert'];
    if (upsert) {
      for (const message of upsert.messages) await this.#message(socket, message, ownNumber);
    }
    for (const { key, update } of events['messages.update'] ?? []) {
      const ack = ackOfStatus(update.status);
      if (!key.id || key.fromMe !== true || ack === undefined || !this.#acks.raise(key.id, ack)) continue;
      await this.deliver({ type: 'message.status', wid: key.id, ack });
    }
    for (const call of events.call ?? []) await this.#call(socket, call);
  }

  async #message(socket: BetaSocket, message: WAMessage, ownNumber: string | undefined): Promise<void> {
    const id = message.key.id;
    if (id && message.key.fromMe === true && this.#sent.has(id)) return;
    if (id && message.key.remoteJid) this.#keys.set(id, message.key);
    const events = await toProviderEvents(message, { lookup: socket.signalRepository.lidMapping, ownNumber });
    for (const event of events) {
      if (event.type === 'identity.mapped') await this.#map(event.lid, event.phone);
      else await this.deliver(event);
    }
  }

  async #map(lid: string, phone: string): Promise<void> {
    const known = `${lid}:${phone}`;
    if (!lid || !phone || this.#mapped.has(known)) return;
    this.#mapped.set(known, true);
    await this.deliver({ type: 'identity.mapped', lid, phone });
  }

  async #call(socket: BetaSocket, call: WACallEvent): Promise<void> {
    if (call.status !== 'offer' || call.isGroup === true) return;
    this.#callers.set(call.id, call.from);
    const caller = await resolveParty(call.from, call.callerPn, socket.signalRepository.lidMapping);
    if (caller.mapping) await this.#map(caller.mapping.lid, caller.mapping.phone);
    await this.deliver({
      type: 'call',
      callId: call.id,
      from: caller.id,
      isVideo: call.isVideo === true,
      at: call.date,
    });
  }

  /** Phone-book entries with a known phone; LID-only entries wait until WhatsApp tells us the phone. */
  async #phoneBook(contacts: Contact[]): Promise<void> {
    const entries = contacts.flatMap((c) => {
      const phoneJid = isPhoneJid(c.id) ? c.id : isPhoneJid(c.phoneNumber) ? c.phoneNumber : undefined;
      if (!phoneJid) return [];
      return [
        {
          id: jidNormalizedUser(phoneJid),
          ...(c.name ? { name: c.name } : {}),
          ...(c.notify ? { notify: c.notify } : {}),
        },
      ];
    });
    if (entries.length > 0) await this.deliver({ type: 'contacts.sync', contacts: entries });
  }
}
