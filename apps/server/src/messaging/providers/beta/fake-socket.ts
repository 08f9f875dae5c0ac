import { randomBytes } from 'node:crypto';
import type {
  AnyMessageContent,
  AuthenticationState,
  Contact,
  MiscMessageGenerationOptions,
  WAMessage,
  WAMessageKey,
} from 'baileys';
import { MEDIA_FIELDS } from './media-ref';
import type { BetaSocket, EventBatch, MediaDownloader, SocketFactory, SocketOptions } from './socket';

/** A baileys-style error: the status code travels in `output.statusCode` as on a Boom. */
export class FakeBoom extends Error {
  readonly output: { statusCode: number };
  constructor(message: string, statusCode: number) {
    super(message);
    this.output = { statusCode };
  }
}

export interface SentRecord {
  jid: string;
  content: AnyMessageContent;
  options: MiscMessageGenerationOptions | undefined;
}

const later = (fn: () => void) => setImmediate(fn);

/**
 * A scripted stand-in for one baileys socket (test support; never talks to WhatsApp). It exposes the
 * v7 event stream the adapter uses (`ev.process` with batches), records every call, and lets a test
 * play the server: QR codes, open, close with a reason, incoming messages, receipts, calls.
 */
export class FakeSocket implements BetaSocket {
  readonly #handlers = new Set<(events: EventBatch) => void | Promise<void>>();
  readonly ev = {
    process: (handler: (events: EventBatch) => void | Promise<void>) => {
      this.#handlers.add(handler);
      return () => {
        this.#handlers.delete(handler);
      };
    },
  };
  user: Contact | undefined;
  readonly sent: SentRecord[] = [];
  readonly reads: WAMessageKey[][] = [];
  readonly rejected: Array<{ callId: string; from: string }> = [];
  readonly presences: Array<{ type: string; jid: string | undefined }> = [];
  readonly pairingCodes: string[] = [];
  ended = false;
  loggedOut = false;

  constructor(
    readonly network: FakeWhatsApp,
    readonly options: SocketOptions,
  ) {}

  get signalRepository() {
    return { lidMapping: { getPNForLID: async (lid: string) => this.network.lidToPhone.get(lid) ?? null } };
  }

  get listening(): boolean {
    return this.#handlers.size > 0;
  }

  /** Hands a batch to the adapter as baileys' event buffer would. */
  emit(events: EventBatch): void {
    for (const handler of this.#handlers) void handler(events);
  }

  qr(code: string): void {
    this.emit({ 'connection.update': { qr: code } });
  }

  open(number: string): void {
    this.user = { id: `${number}:7@s.whatsapp.net`, name: 'Zapdesk' };
    this.emit({ 'connection.update': { connection: 'open' } });
  }

  /** The server drops us with a disconnect reason (undefined: no reason given). */
  close(statusCode: number | undefined): void {
    if (this.ended) return;
    this.ended = true;
    const error = statusCode === undefined ? undefined : new FakeBoom('closed', statusCode);
    this.emit({ 'connection.update': { connection: 'close', lastDisconnect: { error, date: new Date() } } });
  }

  receive(messages: WAMessage[], type: 'notify' | 'append' = 'notify'): void {
    this.emit({ 'messages.upsert': { messages, type } });
  }

  async sendMessage(jid: string, content: AnyMessageContent, options?: MiscMessageGenerationOptions) {
    if (this.ended) throw new FakeBoom('Connection Closed', 428);
    const failure = this.network.failures.shift();
    if (failure) throw failure;
    this.sent.push({ jid, content, options });
    const id = options?.messageId ?? `3EB0${randomBytes(9).toString('hex').toUpperCase()}`;
    this.network.deliver(jid, id, content);
    const message: WAMessage = {
      key: { remoteJid: jid, fromMe: true, id },
      message: 'text' in content ? { conversation: content.text } : {},
    };
    // baileys echoes our own sends (emitOwnEvents) as an 'append' upsert.
    later(() => this.receive([message], 'append'));
    return message;
  }

  async readMessages(keys: WAMessageKey[]): Promise<void> {
    if (this.ended) throw new FakeBoom('Connection Closed', 428);
    this.reads.push(keys);
  }

  async onWhatsApp(...numbers: string[]) {
    if (this.ended) throw new FakeBoom('Connection Closed', 428);
    return numbers
      .filter((n) => this.network.accounts.has(n))
      .map((n) => ({ jid: `${n}@s.whatsapp.net`, exists: true }));
  }

  /** WhatsApp's answer: the picture's address, or 404 item-not-found for a number without one. */
  async profilePictureUrl(jid: string): Promise<string | undefined> {
    if (this.ended) throw new FakeBoom('Connection Closed', 428);
    const url = this.network.pictures.get(jid.split('@')[0] ?? jid);
    if (!url) throw new FakeBoom('item-not-found', 404);
    return url;
  }

  async sendPresenceUpdate(type: string, jid?: string): Promise<void> {
    if (this.ended) throw new FakeBoom('Connection Closed', 428);
    this.presences.push({ type, jid });
  }

  async rejectCall(callId: string, from: string): Promise<void> {
    this.rejected.push({ callId, from });
  }

  async requestPairingCode(phoneNumber: string): Promise<string> {
    this.pairingCodes.push(phoneNumber);
    return 'ZAPD3SK1';
  }

  async updateMediaMessage(message: WAMessage): Promise<WAMessage> {
    return message;
  }

  async logout(): Promise<void> {
    this.loggedOut = true;
    this.close(401);
  }

  async end(): Promise<void> {
    this.close(undefined);
  }
}

/**
 * The WhatsApp side of the tests: every socket the adapter opens, the accounts that exist, what each
 * number received (de-duplicated by message id, as WhatsApp does), and the media it serves. With
 * `autoServe`, sockets behave like the server: connecting, then open (registered creds) or a QR code.
 */
export class FakeWhatsApp {
  readonly sockets: FakeSocket[] = [];
  readonly accounts = new Set<string>();
  readonly lidToPhone = new Map<string, string>();
  readonly inboxes = new Map<string, Array<{ id: string; content: AnyMessageContent }>>();
  readonly failures: Error[] = [];
  /** Profile picture addresses by phone number. */
  readonly pictures = new Map<string, string>();
  readonly #media = new Map<string, { mediaKey: Buffer; data: Buffer }>();
  #qrs = 0;

  constructor(private readonly options: { autoServe?: boolean; ownNumber?: string } = {}) {}

  get ownNumber(): string {
    return this.options.ownNumber ?? '5511900000001';
  }

  readonly createSocket: SocketFactory = (options) => {
    const socket = new FakeSocket(this, options);
    this.sockets.push(socket);
    if (this.options.autoServe) later(() => this.#serve(socket, options.auth));
    return socket;
  };

  /** Serves media stored with `storeMedia`, checking the key the adapter kept is the one it was given. */
  readonly download: MediaDownloader = async (message) => {
    for (const field of MEDIA_FIELDS) {
      const media = message.message?.[field];
      if (!media?.directPath) continue;
      const stored = this.#media.get(media.directPath);
      if (!stored || !media.mediaKey || !Buffer.from(media.mediaKey).equals(stored.mediaKey)) break;
      return stored.data;
    }
    throw new FakeBoom('media not found', 404);
  };

  /** The live socket the adapter uses now. */
  get current(): FakeSocket | undefined {
    return [...this.sockets].reverse().find((s) => !s.ended && s.listening);
  }

  storeMedia(data: Buffer): { directPath: string; mediaKey: Buffer } {
    const directPath = `/v/t62/${randomBytes(8).toString('hex')}`;
    const mediaKey = randomBytes(32);
    this.#media.set(directPath, { mediaKey, data });
    return { directPath, mediaKey };
  }

  deliver(jid: string, id: string, content: AnyMessageContent): void {
    const number = jid.split('@')[0] ?? jid;
    const inbox = this.inboxes.get(number) ?? [];
    if (!inbox.some((m) => m.id === id)) inbox.push({ id, content });
    this.inboxes.set(number, inbox);
  }

  /** The phone scans the QR: creds become registered, and the server asks for a restart (515). */
  scan(socket: FakeSocket | undefined = this.current): void {
    if (!socket) throw new Error('no socket to scan');
    const me = { id: `${this.ownNumber}:7@s.whatsapp.net`, name: 'Zapdesk' };
    socket.emit({ 'creds.update': { me, registered: true } });
    socket.emit({ 'connection.update': { isNewLogin: true, qr: undefined } });
    socket.close(515);
  }

  #serve(socket: FakeSocket, auth: AuthenticationState): void {
    if (socket.ended) return;
    socket.emit({ 'connection.update': { connection: 'connecting' } });
    if (auth.creds.registered) socket.open(this.ownNumber);
    else socket.qr(`2@fake-qr-${++this.#qrs}`);
  }
}
