import makeWASocket, {
  Browsers,
  downloadMediaMessage,
  type AnyMessageContent,
  type AuthenticationState,
  type BaileysEventMap,
  type Contact,
  type MiscMessageGenerationOptions,
  type WAMessageContent,
  type WAMessage,
  type WAMessageKey,
  type WAPresence,
  type WAVersion,
} from 'baileys';
import type { BaileysLogger } from './baileys-logger';
import type { LidLookup } from './identity';

/** A batch of baileys events, as `ev.process` hands them over. */
export type EventBatch = Partial<BaileysEventMap>;

/** The part of a baileys v7 socket the beta adapter uses (a real socket fits it; tests script a fake one). */
export interface BetaSocket {
  readonly ev: {
    process(handler: (events: EventBatch) => void | Promise<void>): () => void;
  };
  readonly user: Contact | undefined;
  readonly signalRepository: { readonly lidMapping: LidLookup };
  sendMessage(
    jid: string,
    content: AnyMessageContent,
    options?: MiscMessageGenerationOptions,
  ): Promise<WAMessage | undefined>;
  readMessages(keys: WAMessageKey[]): Promise<void>;
  sendPresenceUpdate(type: WAPresence, toJid?: string): Promise<void>;
  onWhatsApp(...numbers: string[]): Promise<Array<{ jid: string; exists: boolean }> | undefined>;
  profilePictureUrl(jid: string, type?: 'image' | 'preview'): Promise<string | undefined>;
  rejectCall(callId: string, callFrom: string): Promise<void>;
  requestPairingCode(phoneNumber: string): Promise<string>;
  updateMediaMessage(message: WAMessage): Promise<WAMessage>;
  logout(msg?: string): Promise<void>;
  end(error: Error | undefined): Promise<void>;
}

export interface SocketOptions {
  auth: AuthenticationState;
  logger: BaileysLogger;
  /** A message we sent, when WhatsApp asks to send it again (a recipient's device could not decrypt it). */
  getMessage(key: WAMessageKey): Promise<WAMessageContent | undefined>;
}

/** Opens one connection attempt (one socket). */
export type SocketFactory = (options: SocketOptions) => BetaSocket;

/** Downloads and decrypts an inbound file; the socket, when live, asks the phone to re-upload expired media. */
export type MediaDownloader = (
  message: WAMessage,
  socket: BetaSocket | undefined,
  logger: BaileysLogger,
) => Promise<Buffer>;

/**
 * Real WhatsApp Web multi-device sockets. The WA Web version is pinned by configuration when set, else
 * baileys' bundled one (never fetched from the network). Tests point `waWebSocketUrl` at a local port.
 */
export function baileysSocketFactory(
  version: WAVersion | undefined,
  overrides: { waWebSocketUrl?: string } = {},
): SocketFactory {
  return ({ auth, logger, getMessage }) =>
    makeWASocket({
      auth,
      logger,
      getMessage,
      ...(version ? { version } : {}),
      ...overrides,
      browser: Browsers.ubuntu('Zapdesk'),
      printQRInTerminal: false,
      markOnlineOnConnect: false,
      syncFullHistory: false,
      generateHighQualityLinkPreview: false,
    });
}

export const baileysMediaDownloader: MediaDownloader = (message, socket, logger) =>
  downloadMediaMessage(
    message,
    'buffer',
    {},
    socket ? { reuploadRequest: (m) => socket.updateMediaMessage(m), logger } : undefined,
  );
