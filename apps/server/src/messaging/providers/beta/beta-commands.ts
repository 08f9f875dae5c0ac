import type { AnyMessageContent, WAMessageKey } from 'baileys';
import { ProviderError, type ChatPresence, type MediaRef, type NumberCheck, type SendCommand } from '..';
import type { BaileysLogger } from './baileys-logger';
import type { InboundEvents } from './inbound-events';
import { BoundedMap } from './bounded-map';
import { isGroupJid, jidOfChat, numberCandidates, userOf } from './jids';
import { decodeMediaRef } from './media-ref';
import { stableMessageId } from './message-id';
import { buildContent, quotedMessage } from './outgoing';
import { toProviderError } from './provider-errors';
import { statusCodeOf } from './reconnect-policy';
import type { BetaSocket, MediaDownloader } from './socket';

export interface CommandEnv {
  whatsappId: number;
  /** The open socket, or undefined while not connected. */
  openSocket(): BetaSocket | undefined;
  inbound: InboundEvents;
  download: MediaDownloader;
  logger: BaileysLogger;
}

/** What the product asks of a live beta connection: sends and the other per-message commands. */
export class BetaCommands {
  readonly #numbers = new BoundedMap<string, string>(5_000);

  constructor(private readonly env: CommandEnv) {}

  async send(command: SendCommand, idempotencyKey: string): Promise<{ wid: string }> {
    const socket = this.#live();
    const jid = await this.#recipient(socket, command.to);
    const content = await buildContent(command);
    const messageId = stableMessageId(this.env.whatsappId, idempotencyKey);
    this.env.inbound.noteSending(messageId);
    const options = {
      messageId,
      ...(command.quoted ? { quoted: quotedMessage(jid, command.quoted) } : {}),
    };
    try {
      const sent = await socket.sendMessage(jid, content, options);
      if (sent) this.env.inbound.noteSent(sent);
      return { wid: sent?.key.id ?? messageId };
    } catch (error) {
      throw toProviderError(error, 'send');
    }
  }

  async markRead(chatId: string, wids: string[]): Promise<void> {
    const socket = this.#live();
    const jid = jidOfChat(chatId);
    const keys = wids.map((id) => this.env.inbound.keyOf(id) ?? { remoteJid: jid, id, fromMe: false });
    try {
      await socket.readMessages(keys);
    } catch (error) {
      throw toProviderError(error, 'read receipt');
    }
  }

  /** WhatsApp's "typing…" (or its end) in the chat, as baileys sends a presence update to one jid. */
  async sendPresence(chatId: string, state: ChatPresence): Promise<void> {
    const socket = this.#live();
    try {
      await socket.sendPresenceUpdate(state, jidOfChat(chatId));
    } catch (error) {
      throw toProviderError(error, 'presence update');
    }
  }

  async downloadMedia(media: MediaRef): Promise<{ data: Buffer; mimetype: string; fileName?: string }> {
    const message = decodeMediaRef(media.ref);
    try {
      const data = await this.env.download(message, this.env.openSocket(), this.env.logger);
      return { data, mimetype: media.mimetype, ...(media.fileName ? { fileName: media.fileName } : {}) };
    } catch (error) {
      throw toProviderError(error, 'media download');
    }
  }

  async checkNumber(number: string): Promise<NumberCheck> {
    const known = await this.#lookup(this.#live(), numberCandidates(number));
    return known ? { exists: true, number: known } : { exists: false };
  }

  /**
   * The jid to send to. A Brazilian mobile number may be known to WhatsApp with or without its ninth
   * digit, and a message to the other form is never delivered: ask WhatsApp once, remember the answer.
   */
  async #recipient(socket: BetaSocket, to: string): Promise<string> {
    const jid = jidOfChat(to);
    const candidates = numberCandidates(userOf(jid));
    if (isGroupJid(jid) || candidates.length < 2) return jid;
    const known = await this.#lookup(socket, candidates);
    return known ? `${known}@s.whatsapp.net` : jid;
  }

  /** The form of the number WhatsApp knows; undefined when it knows none. */
  async #lookup(socket: BetaSocket, asked: string[]): Promise<string | undefined> {
    const candidates = asked.filter((c) => c.length >= 8 && c.length <= 15);
    const first = candidates[0];
    if (!first) return undefined;
    const cached = this.#numbers.get(first);
    if (cached) return cached;
    let found: Array<{ jid: string; exists: boolean }>;
    try {
      found = ((await socket.onWhatsApp(...candidates)) ?? []).filter((r) => r.exists);
    } catch (error) {
      throw toProviderError(error, 'number check');
    }
    // The form asked first wins when WhatsApp knows both.
    const best = candidates
      .map((c) => found.find((r) => userOf(r.jid) === c))
      .concat(found[0])
      .find((r) => r !== undefined);
    if (!best) return undefined;
    // Only answers that a number exists are kept: a number may join WhatsApp later.
    const number = userOf(best.jid);
    this.#numbers.set(first, number);
    return number;
  }

  /** WhatsApp answers 404 (no picture) or 401 (hidden by privacy settings) when there is none to show. */
  async profilePictureUrl(chatId: string): Promise<string | null> {
    const socket = this.#live();
    try {
      return (await socket.profilePictureUrl(jidOfChat(chatId), 'image')) ?? null;
    } catch (error) {
      const code = statusCodeOf(error);
      if (code === 404 || code === 401 || /item-not-found|not-authorized/i.test(String(error))) return null;
      throw toProviderError(error, 'profile picture');
    }
  }

  async deleteForEveryone(chatId: string, wid: string, fromMe: boolean): Promise<void> {
    const known = this.env.inbound.keyOf(wid);
    const remoteJid = known?.remoteJid ?? jidOfChat(chatId);
    const key: WAMessageKey = {
      remoteJid,
      fromMe,
      id: wid,
      ...(known?.participant ? { participant: known.participant } : {}),
    };
    await this.#sendControl(remoteJid, { delete: key }, 'delete for everyone');
  }

  async editMessage(chatId: string, wid: string, text: string): Promise<void> {
    const jid = jidOfChat(chatId);
    await this.#sendControl(jid, { text, edit: { remoteJid: jid, fromMe: true, id: wid } }, 'edit');
  }

  async rejectCall(callId: string, from: string): Promise<void> {
    const socket = this.#live();
    try {
      await socket.rejectCall(callId, this.env.inbound.callerOf(callId) ?? jidOfChat(from));
    } catch (error) {
      throw toProviderError(error, 'call reject');
    }
  }

  async #sendControl(jid: string, content: AnyMessageContent, action: string): Promise<void> {
    const socket = this.#live();
    try {
      await socket.sendMessage(jid, content);
    } catch (error) {
      throw toProviderError(error, action);
    }
  }

  #live(): BetaSocket {
    const socket = this.env.openSocket();
    if (!socket) throw new ProviderError('WhatsApp connection is not connected', true);
    return socket;
  }
}
