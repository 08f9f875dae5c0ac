/**
 * The provider port: what the rest of the product knows about a WhatsApp connection.
 * Adapters (beta = baileys, cloud = Cloud API, simulator) translate to and from these shapes.
 */

export type ProviderKind = 'beta' | 'cloud' | 'simulator';

export type ConnectionStatus = 'qrcode' | 'PAIRING' | 'OPENING' | 'CONNECTED' | 'DISCONNECTED' | 'TIMEOUT';

/** Kinds of inbound content; the pipeline maps them to the spec's mediaType and body (server-behaviour 6.3). */
export type InboundKind =
  | 'text'
  | 'image'
  | 'audio'
  | 'video'
  | 'document'
  | 'sticker'
  | 'location'
  | 'liveLocation'
  | 'vcard'
  | 'contacts'
  | 'reaction'
  | 'buttonReply'
  | 'listReply';

/** Where the media of an inbound message can be fetched from (adapter-specific, opaque to others). */
export interface MediaRef {
  /** Adapter-specific handle passed back to `downloadMedia`. */
  ref: string;
  mimetype: string;
  fileName?: string;
  size?: number;
}

export interface InboundMessage {
  /** WhatsApp message id; unique per connection. */
  wid: string;
  /** The chat: a contact's phone digits or a group id (`<id>@g.us`). */
  chatId: string;
  isGroup: boolean;
  /** Sender phone digits (equal to chatId outside groups). */
  senderId: string;
  /** Sender's alias id (LID) when the provider knows it. */
  senderLid?: string;
  pushName?: string;
  fromMe: boolean;
  timestamp: Date;
  kind: InboundKind;
  /** Text or caption. */
  text?: string;
  media?: MediaRef;
  location?: { latitude: number; longitude: number; name?: string; thumbnailBase64?: string };
  /** Raw vCard text(s) for vcard/contacts. */
  vcards?: Array<{ displayName: string; vcard: string }>;
  /** wid of the message this one replies to. */
  quotedWid?: string;
  /** For reactions: the emoji; for button/list replies: the chosen id. */
  value?: string;
}

export type ProviderEvent =
  | { type: 'message.received'; message: InboundMessage }
  /** Acks on the spec's scale: 1 sent, 2 delivered, 3 read, 4 played. */
  | { type: 'message.status'; wid: string; ack: 1 | 2 | 3 | 4 }
  | { type: 'message.edited'; wid: string; chatId: string; text: string }
  | { type: 'message.revoked'; wid: string; chatId: string }
  | { type: 'call'; callId: string; from: string; isVideo: boolean; at: Date }
  | { type: 'identity.mapped'; lid: string; phone: string }
  | { type: 'contacts.sync'; contacts: Array<{ id: string; name?: string; notify?: string }> }
  | {
      type: 'connection.state';
      status: ConnectionStatus;
      /** Current QR code text while status is qrcode (empty otherwise). */
      qrcode?: string;
      /** Our own number once connected. */
      number?: string;
      reason?: string;
    };

/** An outgoing message, already rendered. */
export interface SendCommand {
  /** Phone digits or group id. */
  to: string;
  text?: string;
  media?: {
    /** Absolute path of the stored file. */
    path: string;
    mimetype: string;
    fileName: string;
    /** image/video/document caption. */
    caption?: string;
    /** Send audio as a voice note (ogg/opus). */
    voiceNote?: boolean;
  };
  quoted?: { wid: string; fromMe: boolean; text: string };
}

export interface NumberCheck {
  exists: boolean;
  /** Normalised phone digits as WhatsApp knows them (e.g. ninth digit fixed). */
  number?: string;
}

/** Thrown by adapters: transient failures are retried by the send worker, permanent ones are not. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly transient: boolean,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** A live connection to WhatsApp for one of our connections. */
export interface ProviderSession {
  readonly kind: ProviderKind;
  start(): Promise<void>;
  /** Closes the session without logging out (keys kept). */
  stop(): Promise<void>;
  /** Logs the device out and forgets its keys. */
  logout(): Promise<void>;
  requestPairingCode?(phone: string): Promise<string>;
  /** Sends one message; the idempotency key (our message id) makes a retry after a crash harmless. */
  send(command: SendCommand, idempotencyKey: string): Promise<{ wid: string }>;
  markRead(chatId: string, wids: string[]): Promise<void>;
  downloadMedia(media: MediaRef): Promise<{ data: Buffer; mimetype: string; fileName?: string }>;
  checkNumber(number: string): Promise<NumberCheck>;
  /**
   * Where the chat's profile picture can be downloaded, or null when it has none or hides it. Adapters whose
   * API offers no pictures (cloud) leave it out.
   */
  profilePictureUrl?(chatId: string): Promise<string | null>;
  deleteForEveryone(chatId: string, wid: string, fromMe: boolean): Promise<void>;
  editMessage?(chatId: string, wid: string, text: string): Promise<void>;
  rejectCall?(callId: string, from: string): Promise<void>;
  /**
   * Shows the customer that we are typing (`composing`) or stopped (`paused`), as a bot does while it waits
   * between two messages. Adapters whose API has no such indicator (cloud) leave it out.
   */
  sendPresence?(chatId: string, state: ChatPresence): Promise<void>;
}

/** What the customer sees of us in a chat besides messages. */
export type ChatPresence = 'composing' | 'paused';

/** What a session needs from the product: where to report events, and its persisted auth state. */
export interface SessionHooks {
  /** Every event goes here; the pipeline stores it durably before acknowledging. */
  emit(event: ProviderEvent): Promise<void>;
  log: {
    info(obj: object, msg?: string): void;
    warn(obj: object, msg?: string): void;
    error(obj: object, msg?: string): void;
  };
}

export interface ConnectionDescriptor {
  companyId: number;
  whatsappId: number;
  name: string;
  provider: ProviderKind;
  /** Provider credentials (cloud: phoneNumberId, accessToken, appSecret, verifyToken). */
  config: Record<string, unknown>;
}
