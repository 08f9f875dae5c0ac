import type { ConnectionState } from 'baileys';
import {
  ProviderError,
  type ChatPresence,
  type ConnectionStatus,
  type MediaRef,
  type NumberCheck,
  type ProviderEvent,
  type ProviderSession,
  type SendCommand,
  type ProviderContext,
} from '..';
import { loadBaileysAuthState, type BaileysAuthStore } from './auth-state-store';
import { baileysLogger, type BaileysLogger } from './baileys-logger';
import { BetaCommands } from './beta-commands';
import { InboundEvents } from './inbound-events';
import { userOf } from './jids';
import { toProviderError } from './provider-errors';
import {
  FAILED_RECONNECTS_BEFORE_TIMEOUT,
  actionOnClose,
  backoffDelay,
  statusCodeOf,
} from './reconnect-policy';
import type { BetaSocket, EventBatch, MediaDownloader, SocketFactory } from './socket';

export interface BetaDeps {
  createSocket: SocketFactory;
  download: MediaDownloader;
}

/** Unscanned QR codes before the session gives up (server-behaviour 12). */
export const MAX_QR_CODES = 3;
const PAIRING_WAIT_MS = 30_000;
const DELIVERY_ATTEMPTS = 5;

type StateExtra = Omit<Extract<ProviderEvent, { type: 'connection.state' }>, 'type' | 'status'>;

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

/**
 * WhatsApp Web multi-device through baileys. One socket is one connection attempt; a closed socket is
 * replaced by the next attempt as its disconnect reason says (server-behaviour 12), never two at once.
 * Every start/stop/logout begins a new epoch: timers and event batches of an older epoch do nothing.
 * Batches are handled one at a time, in the order baileys emits them.
 */
export class BetaSession implements ProviderSession {
  readonly kind = 'beta' as const;
  #auth: BaileysAuthStore | undefined;
  #socket: BetaSocket | undefined;
  #detach: (() => void) | undefined;
  #timer: NodeJS.Timeout | undefined;
  #epoch = 0;
  #running = false;
  #open = false;
  #pairing = false;
  #status: ConnectionStatus | undefined;
  #qrShown = 0;
  #failedReconnects = 0;
  #ownNumber: string | undefined;
  #chain: Promise<unknown> = Promise.resolve();
  #qrWaiters = new Set<(socket: BetaSocket | undefined) => void>();
  readonly #inbound: InboundEvents;
  readonly #commands: BetaCommands;
  readonly #logger: BaileysLogger;

  constructor(
    private readonly context: ProviderContext,
    private readonly deps: BetaDeps,
  ) {
    this.#logger = baileysLogger(context.hooks.log, { provider: 'beta' });
    this.#inbound = new InboundEvents((event) => this.#deliver(event, this.#epoch));
    this.#commands = new BetaCommands({
      whatsappId: context.connection.whatsappId,
      openSocket: () => (this.#open ? this.#socket : undefined),
      inbound: this.#inbound,
      download: deps.download,
      logger: this.#logger,
    });
  }

  async start(): Promise<void> {
    await this.#halt()
      ?.end(undefined)
      .catch(() => undefined);
    const epoch = this.#epoch;
    this.#status = undefined;
    this.#qrShown = 0;
    this.#failedReconnects = 0;
    const auth = await loadBaileysAuthState(this.context.authState);
    if (epoch !== this.#epoch) return;
    this.#auth = auth;
    this.#running = true;
    await this.#emitState('OPENING');
    this.#connect();
  }

  /** Ends the socket without logging out; the stored state is complete when this resolves (a take-over reads it). */
  async stop(): Promise<void> {
    await this.#halt()
      ?.end(undefined)
      .catch(() => undefined);
    await this.#auth?.flush();
  }

  async logout(): Promise<void> {
    const open = this.#open;
    const socket = this.#halt();
    if (socket && open) {
      await socket.logout().catch((error: unknown) => this.#warn(error, 'logout on WhatsApp failed'));
    }
    await socket?.end(undefined).catch(() => undefined);
    await (this.#auth ? this.#auth.wipe() : this.context.authState.clear());
    await this.#emitState('DISCONNECTED', { reason: 'logged out' });
  }

  async requestPairingCode(phone: string): Promise<string> {
    const digits = phone.replace(/\D/g, '');
    if (digits.length < 8) throw new ProviderError(`invalid phone number ${phone}`, false);
    if (this.#auth?.state.creds.registered)
      throw new ProviderError('this connection is already paired', false);
    const socket = await this.#socketShowingQr();
    this.#pairing = true;
    try {
      return await socket.requestPairingCode(digits);
    } catch (error) {
      this.#pairing = false;
      throw toProviderError(error, 'pairing code request');
    }
  }

  send(command: SendCommand, idempotencyKey: string): Promise<{ wid: string }> {
    return this.#commands.send(command, idempotencyKey);
  }

  markRead(chatId: string, wids: string[]): Promise<void> {
    return this.#commands.markRead(chatId, wids);
  }

  downloadMedia(media: MediaRef): Promise<{ data: Buffer; mimetype: string; fileName?: string }> {
    return this.#commands.downloadMedia(media);
  }

  checkNumber(number: string): Promise<NumberCheck> {
    return this.#commands.checkNumber(number);
  }

  profilePictureUrl(chatId: string): Promise<string | null> {
    return this.#commands.profilePictureUrl(chatId);
  }

  deleteForEveryone(chatId: string, wid: string, fromMe: boolean): Promise<void> {
    return this.#commands.deleteForEveryone(chatId, wid, fromMe);
  }

  editMessage(chatId: string, wid: string, text: string): Promise<void> {
    return this.#commands.editMessage(chatId, wid, text);
  }

  rejectCall(callId: string, from: string): Promise<void> {
    return this.#commands.rejectCall(callId, from);
  }

  sendPresence(chatId: string, state: ChatPresence): Promise<void> {
    return this.#commands.sendPresence(chatId, state);
  }

  /** Ends the epoch: no more timers, batches or reconnects; hands back the socket it detached. */
  #halt(): BetaSocket | undefined {
    this.#epoch += 1;
    this.#running = false;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const socket = this.#detachSocket();
    for (const waiter of this.#qrWaiters) waiter(undefined);
    this.#qrWaiters.clear();
    return socket;
  }

  #detachSocket(): BetaSocket | undefined {
    const socket = this.#socket;
    this.#detach?.();
    this.#detach = undefined;
    this.#socket = undefined;
    this.#open = false;
    this.#pairing = false;
    return socket;
  }

  /** Opens the next attempt, unless one is already open or waiting. */
  #connect(): void {
    const auth = this.#auth;
    if (!this.#running || !auth || this.#socket || this.#timer) return;
    const epoch = this.#epoch;
    let socket: BetaSocket;
    try {
      socket = this.deps.createSocket({
        auth: auth.state,
        logger: this.#logger,
        getMessage: async (key) => (key.id ? this.#inbound.contentOf(key.id) : undefined),
      });
    } catch (error) {
      this.#warn(error, 'socket could not be created');
      this.#serial(epoch, () => this.#reconnectLater('socket not created'));
      return;
    }
    this.#socket = socket;
    this.#detach = socket.ev.process((events) => this.#onBatch(socket, epoch, events));
  }

  #onBatch(socket: BetaSocket, epoch: number, events: EventBatch): void {
    const credsUpdate = events['creds.update'];
    if (credsUpdate && this.#auth && epoch === this.#epoch) {
      Object.assign(this.#auth.state.creds, credsUpdate);
      this.#auth.saveCreds().catch((error: unknown) => this.#error(error, 'creds not saved'));
    }
    this.#serial(epoch, async () => {
      await this.#inbound.handle(socket, events, this.#ownNumber);
      const update = events['connection.update'];
      if (update && socket === this.#socket) await this.#onConnection(socket, update);
    });
  }

  #serial(epoch: number, work: () => Promise<void>): void {
    this.#chain = this.#chain
      .then(() => (epoch === this.#epoch ? work() : undefined))
      .catch((error: unknown) => this.#error(error, 'baileys event handling failed'));
  }

  async #onConnection(socket: BetaSocket, update: Partial<ConnectionState>): Promise<void> {
    if (update.qr) await this.#onQr(socket, update.qr);
    if (update.isNewLogin) {
      this.#qrShown = 0;
      await this.#emitState('PAIRING');
    }
    if (update.connection === 'connecting' && this.#status !== 'TIMEOUT') await this.#emitState('OPENING');
    if (update.connection === 'open') {
      this.#open = true;
      this.#failedReconnects = 0;
      this.#qrShown = 0;
      this.#ownNumber = socket.user?.id ? userOf(socket.user.id) : undefined;
      await this.#emitState('CONNECTED', this.#ownNumber ? { number: this.#ownNumber } : {});
    }
    if (update.connection === 'close') await this.#onClose(statusCodeOf(update.lastDisconnect?.error));
  }

  async #onQr(socket: BetaSocket, qr: string): Promise<void> {
    for (const waiter of this.#qrWaiters) waiter(socket);
    this.#qrWaiters.clear();
    // While a pairing code is being typed on the phone, rotating QRs are neither shown nor counted.
    if (this.#pairing) return;
    if (this.#qrShown >= MAX_QR_CODES) {
      await this.#finish(`${MAX_QR_CODES} QR codes not scanned`, true);
      return;
    }
    this.#qrShown += 1;
    await this.#emitState('qrcode', { qrcode: qr });
  }

  async #onClose(statusCode: number | undefined): Promise<void> {
    this.#detachSocket();
    switch (actionOnClose(statusCode)) {
      case 'logout':
        return this.#finish('logged out', true);
      case 'replaced':
        return this.#finish('replaced', false);
      case 'restart':
        return this.#connect();
      case 'backoff':
        return this.#reconnectLater(
          statusCode === undefined ? 'connection closed' : `closed (${statusCode})`,
        );
    }
  }

  /** Stops for good (until the next start): the phone logged us out, another client took over, or QRs ran out. */
  async #finish(reason: string, wipe: boolean): Promise<void> {
    const socket = this.#halt();
    await socket?.end(undefined).catch(() => undefined);
    if (wipe) await this.#auth?.wipe();
    await this.#emitState('DISCONNECTED', { reason });
  }

  async #reconnectLater(reason: string): Promise<void> {
    if (!this.#running) return;
    if (this.#failedReconnects >= FAILED_RECONNECTS_BEFORE_TIMEOUT)
      await this.#emitState('TIMEOUT', { reason });
    else await this.#emitState('OPENING');
    const epoch = this.#epoch;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      if (epoch !== this.#epoch) return;
      this.#failedReconnects += 1;
      this.#connect();
    }, backoffDelay(this.#failedReconnects));
    this.#timer.unref();
  }

  #socketShowingQr(): Promise<BetaSocket> {
    const socket = this.#socket;
    if (socket && this.#status === 'qrcode') return Promise.resolve(socket);
    if (!this.#running) return Promise.reject(new ProviderError('session is not started', true));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => done(undefined), PAIRING_WAIT_MS);
      const done = (ready: BetaSocket | undefined) => {
        clearTimeout(timer);
        this.#qrWaiters.delete(done);
        if (ready) resolve(ready);
        else reject(new ProviderError('WhatsApp did not offer pairing in time', true));
      };
      this.#qrWaiters.add(done);
    });
  }

  /** Status changes go out once each; every new QR code goes out. */
  async #emitState(status: ConnectionStatus, extra: StateExtra = {}): Promise<void> {
    if (status === this.#status && status !== 'qrcode') return;
    this.#status = status;
    try {
      await this.context.hooks.emit({ type: 'connection.state', status, ...extra });
    } catch (error) {
      this.#error(error, 'connection state not recorded');
    }
  }

  /** Hands an event to the pipeline, retrying a refusal a few times while this epoch lasts. */
  async #deliver(event: ProviderEvent, epoch: number): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.context.hooks.emit(event);
        return;
      } catch (error) {
        if (epoch !== this.#epoch || attempt >= DELIVERY_ATTEMPTS) {
          this.#error(error, `event ${event.type} not accepted; dropped`);
          return;
        }
        await sleep(250 * 2 ** attempt);
      }
    }
  }

  #warn(error: unknown, msg: string): void {
    this.context.hooks.log.warn({ err: error, whatsappId: this.context.connection.whatsappId }, msg);
  }

  #error(error: unknown, msg: string): void {
    this.context.hooks.log.error({ err: error, whatsappId: this.context.connection.whatsappId }, msg);
  }
}
