import fs from 'node:fs/promises';
import type { TenantScope } from '../../../platform/tenancy';
import {
  ProviderError,
  type ChatPresence,
  type ConnectionStatus,
  type MediaRef,
  type NumberCheck,
  type ProviderEvent,
  type SendCommand,
  type ProviderContext,
  type WakeableSession,
} from '..';
import type { SimulatedAvatars } from './avatars';
import { checkSimulatedNumber } from './numbers';
import { readPairing } from './pairing';
import { SIMULATED_PHONEBOOK } from './phonebook';
import {
  changeOutgoing,
  findMessage,
  listPendingInbound,
  listUnreadOutgoing,
  markDelivered,
  recordOutgoing,
} from './simulator.repository';
import { SimulatorAckFlusher, type AckLine } from './ack-flusher';
import { toProviderEvent } from './to-event';

/** Shows our "typing…" on the simulated phone's page (a socket event to the company). */
export type SimulatedPresence = (presence: {
  whatsappId: number;
  to: string;
  state: ChatPresence;
  at: string;
}) => void;

export interface SimulatorTimings {
  /** Between QR codes. */
  qrMs: number;
  /** From send to delivered (ack 2), and to read (ack 3). */
  deliveredMs: number;
  readMs: number;
}

/** Unscanned QR codes before the session gives up (server-behaviour 12). */
export const MAX_QR_CODES = 3;
const RETRY_DELIVERY_MS = 2000;

type State = 'idle' | 'qrcode' | 'connected' | 'disconnected';

/**
 * A connection to the simulated phone network. Its state lives in the database (pairing in the creds
 * row, messages in simulator_messages), so HTTP calls on any node change it and then wake the owner;
 * only timers (QR rotation, acks) live here. Session work runs one step at a time; every start, stop and
 * logout begins a new epoch, and a timer of an older epoch does nothing. Due acks are stored by the company's
 * flusher (ack-flusher.ts), shared by its lines in this process.
 */
export class SimulatorSession implements WakeableSession {
  readonly kind = 'simulator' as const;
  #state: State = 'idle';
  #epoch = 0;
  #qrShown = 0;
  readonly #timers = new Set<NodeJS.Timeout>();
  #queue: Promise<unknown> = Promise.resolve();
  /** This line as the ack flusher sees it. */
  readonly #line: AckLine;

  constructor(
    private readonly context: ProviderContext,
    private readonly scope: TenantScope,
    private readonly timings: SimulatorTimings,
    private readonly avatars: SimulatedAvatars,
    private readonly presence: SimulatedPresence = () => undefined,
    /** The company's flusher shared by its lines; a session built alone flushes its own acks. */
    private readonly acks = new SimulatorAckFlusher(scope, context.hooks.log),
  ) {
    this.#line = {
      whatsappId: context.connection.whatsappId,
      emit: (event) => context.hooks.emit(event),
      isCurrent: (epoch) => epoch === this.#epoch,
    };
  }

  private get whatsappId() {
    return this.context.connection.whatsappId;
  }

  start(): Promise<void> {
    return this.#serial(async () => {
      this.#reset('idle');
      await this.#emitState('OPENING');
      const pairing = await readPairing(this.context.authState);
      if (pairing) await this.#connect(pairing.number, false);
      else await this.#nextQr(this.#epoch);
    });
  }

  /** Stops; an ack flush carrying this line's acks is over when it resolves. */
  stop(): Promise<void> {
    return this.#serial(async () => {
      this.#reset('idle');
      await this.acks.drop(this.#line);
    });
  }

  logout(): Promise<void> {
    return this.#serial(async () => {
      this.#reset('disconnected');
      await this.context.authState.clear();
      await this.#emitState('DISCONNECTED', { reason: 'logged out' });
    });
  }

  /** Re-reads the network: a scan while the QR shows pairs; new customer messages are emitted. */
  wake(): Promise<void> {
    return this.#serial(async () => {
      if (this.#state === 'qrcode') {
        const pairing = await readPairing(this.context.authState);
        if (pairing) await this.#connect(pairing.number, true);
      } else if (this.#state === 'connected') {
        await this.#deliverPending(this.#epoch);
      }
    });
  }

  async send(command: SendCommand, idempotencyKey: string): Promise<{ wid: string }> {
    if (this.#state !== 'connected') throw new ProviderError('simulator connection is not connected', true);
    const to = checkSimulatedNumber(command.to);
    if (!to.exists || !to.number)
      throw new ProviderError(`${command.to} is not on the simulated network`, false);
    const media = command.media;
    const sent = await recordOutgoing(this.scope, this.whatsappId, idempotencyKey, {
      peer: to.number,
      type: media ? mediaType(media.mimetype) : 'text',
      body: (media ? media.caption : command.text) ?? '',
      mediaFileName: media?.fileName ?? null,
      mediaMimetype: media?.mimetype ?? null,
      mediaBase64: media ? (await readMedia(media.path)).toString('base64') : null,
      voiceNote: media?.voiceNote ?? false,
      quotedExternalId: command.quoted?.wid ?? null,
    });
    if (sent.created) this.#scheduleAcks(sent.externalId, 1);
    return { wid: sent.externalId };
  }

  /** The simulated phone shows "typing…" while we compose; nothing is stored (a presence is not a message). */
  async sendPresence(chatId: string, state: ChatPresence): Promise<void> {
    if (this.#state !== 'connected') throw new ProviderError('simulator connection is not connected', true);
    const to = checkSimulatedNumber(chatId);
    if (!to.exists || !to.number) throw new ProviderError(`${chatId} is not on the simulated network`, false);
    this.presence({ whatsappId: this.whatsappId, to: to.number, state, at: new Date().toISOString() });
  }

  async markRead(): Promise<void> {
    // The simulated customer does not show read receipts.
  }

  async downloadMedia(media: MediaRef): Promise<{ data: Buffer; mimetype: string; fileName?: string }> {
    const row = await findMessage(this.scope, this.whatsappId, media.ref);
    if (!row?.mediaBase64 || !row.mediaMimetype) throw new ProviderError(`no media for ${media.ref}`, false);
    return {
      data: Buffer.from(row.mediaBase64, 'base64'),
      mimetype: row.mediaMimetype,
      ...(row.mediaFileName ? { fileName: row.mediaFileName } : {}),
    };
  }

  async checkNumber(number: string): Promise<NumberCheck> {
    return checkSimulatedNumber(number);
  }

  profilePictureUrl(chatId: string): Promise<string | null> {
    return this.avatars.urlOf(chatId);
  }

  async deleteForEveryone(_chatId: string, wid: string): Promise<void> {
    if (!(await changeOutgoing(this.scope, this.whatsappId, wid, { isDeleted: true }))) {
      throw new ProviderError(`unknown message ${wid}`, false);
    }
  }

  async editMessage(_chatId: string, wid: string, text: string): Promise<void> {
    if (!(await changeOutgoing(this.scope, this.whatsappId, wid, { body: text, isEdited: true }))) {
      throw new ProviderError(`unknown message ${wid}`, false);
    }
  }

  async rejectCall(): Promise<void> {
    // Simulated calls end by themselves.
  }

  #serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.#queue.then(work);
    this.#queue = next.catch(() => undefined);
    return next;
  }

  #reset(state: State): void {
    this.#epoch += 1;
    this.#state = state;
    this.#qrShown = 0;
    // Never rejects: a flush's failure is logged by the flusher.
    void this.acks.drop(this.#line);
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
  }

  #later(ms: number, epoch: number, work: () => Promise<void>): void {
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      if (epoch !== this.#epoch) return;
      work().catch((error: unknown) =>
        this.context.hooks.log.error({ err: error }, 'simulator timer failed'),
      );
    }, ms);
    timer.unref();
    this.#timers.add(timer);
  }

  async #nextQr(epoch: number): Promise<void> {
    if (epoch !== this.#epoch || this.#state === 'connected') return;
    if (this.#qrShown >= MAX_QR_CODES) {
      this.#reset('disconnected');
      await this.context.authState.clear();
      await this.#emitState('DISCONNECTED', { reason: `${MAX_QR_CODES} QR codes not scanned` });
      return;
    }
    this.#qrShown += 1;
    this.#state = 'qrcode';
    await this.#emitState('qrcode', { qrcode: `zapdesk-sim:${this.whatsappId}:${this.#qrShown}` });
    this.#later(this.timings.qrMs, epoch, () => this.#serial(() => this.#nextQr(epoch)));
  }

  async #connect(number: string, scanned: boolean): Promise<void> {
    this.#reset('connected');
    if (scanned) await this.#emitState('PAIRING');
    await this.#emitState('CONNECTED', { number });
    const epoch = this.#epoch;
    if (scanned) await this.#sharePhonebook();
    await this.#deliverPending(epoch);
    for (const message of await listUnreadOutgoing(this.scope, this.whatsappId)) {
      this.#scheduleAcks(message.externalId, message.ack);
    }
  }

  /** A newly linked phone shares its address book; if the pipeline refuses it, the link still stands. */
  async #sharePhonebook(): Promise<void> {
    try {
      await this.context.hooks.emit({ type: 'contacts.sync', contacts: SIMULATED_PHONEBOOK });
    } catch (error) {
      this.context.hooks.log.warn({ err: error }, 'simulated phonebook not accepted');
    }
  }

  /** Hands waiting customer messages to the pipeline in order; a refused one is retried a bit later. */
  async #deliverPending(epoch: number): Promise<void> {
    for (const row of await listPendingInbound(this.scope, this.whatsappId)) {
      if (epoch !== this.#epoch) return;
      try {
        await this.context.hooks.emit(toProviderEvent(row));
      } catch (error) {
        this.context.hooks.log.warn({ err: error, wid: row.externalId }, 'inbound not accepted; retrying');
        this.#later(RETRY_DELIVERY_MS, epoch, () => this.#serial(() => this.#deliverPending(epoch)));
        return;
      }
      await markDelivered(this.scope, row.id);
    }
  }

  /** Delivered, then read, each after its delay from now. */
  #scheduleAcks(externalId: string, current: number): void {
    const epoch = this.#epoch;
    const steps: Array<[ack: 2 | 3, ms: number]> = [
      [2, this.timings.deliveredMs],
      [3, Math.max(this.timings.readMs, this.timings.deliveredMs)],
    ];
    for (const [ack, ms] of steps) {
      if (ack <= current) continue;
      this.#later(ms, epoch, async () => this.acks.due(this.#line, epoch, externalId, ack));
    }
  }

  #emitState(
    status: ConnectionStatus,
    extra: Partial<Extract<ProviderEvent, { type: 'connection.state' }>> = {},
  ) {
    return this.context.hooks.emit({ type: 'connection.state', status, ...extra });
  }
}

function mediaType(mimetype: string): 'image' | 'audio' | 'video' | 'document' {
  const major = mimetype.split('/')[0];
  return major === 'image' || major === 'audio' || major === 'video' ? major : 'document';
}

async function readMedia(path: string): Promise<Buffer> {
  try {
    return await fs.readFile(path);
  } catch (error) {
    throw new ProviderError(`cannot read ${path}: ${String(error)}`, false);
  }
}
