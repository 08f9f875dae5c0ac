import type { AnyMessageContent, WAMessageKey } from 'baileys';
import { ProviderError, type MediaRef, type NumberCheck, type SendCommand } from '../port';
import type { BaileysLogger } from './baileys-logger';
import type { InboundEvents } from './inbound-events';
import { jidOfChat, numberCandidates, userOf } from './jids';
import { decodeMediaRef } from './media-ref';
import { stableMessageId } from './message-id';
import { buildContent, quotedMessage } from './outgoing';
import { toProviderError } from './provider-errors';
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
  constructor(private readonly env: CommandEnv) {}

  async send(command: SendCommand, idempotencyKey: string): Promise<{ wid: string }> {
    const socket = this.#live();
    const jid = jidOfChat(command.to);
    const content = await buildContent(command);
    const messageId = stableMessageId(this.env.whatsappId, idempotencyKey);
    this.env.inbound.noteSending(messageId);
    const options = {
      messageId,
      ...(command.quoted ? { quoted: quotedMessage(jid, command.quoted) } : {}),
    };
    try {
      const sent = await socket.sendMessage(jid, content, options);
      if (sent?.key) this.env.inbound.noteSent(sent.key);
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
    const socket = this.#live();
    const candidates = numberCandidates(number).filter((c) => c.length >= 8 && c.length <= 15);
    if (candidates.length === 0) return { exists: false };
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
    return best ? { exists: true, number: userOf(best.jid) } : { exists: false };
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
