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
  outgoingAcks,
  raiseAcks,
  recordOutgoing,
} from './simulator.repository';
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
/** Acks stored by one flush at most (a longer backlog goes in the next). */
const ACKS_PER_FLUSH = 500;

type State = 'idle' | 'qrcode' | 'connected' | 'disconnected';

/**
 * A connection to the simulated phone network. Its state lives in the database (pairing in the creds
 * row, messages in simulator_messages), so HTTP calls on any node change it and then wake the owner;
 * only timers (QR rotation, acks) live here. Session work runs one step at a time; every start, stop and
 * logout begins a new epoch, and a timer of an older epoch does nothing.
 */
export class SimulatorSession implements WakeableSession {
  readonly kind = 'simulator' as const;
  #state: State = 'idle';
  #epoch = 0;
  #qrShown = 0;
  readonly #timers = new Set<NodeJS.Timeout>();
  #queue: Promise<unknown> = Promise.resolve();
  #acks: Promise<unknown> = Promise.resolve();
  /** Acks that fell due and wait for the next flush: the highest per message. */
  readonly #dueAcks = new Map<string, 2 | 3>();
  #ackFlushQueued = false;

  constructor(
    private readonly context: ProviderContext,
    private readonly scope: TenantScope,
    private readonly timings: SimulatorTimings,
    private readonly avatars: SimulatedAvatars,
    private readonly presence: SimulatedPresence = () => undefined,
  ) {}

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

  stop(): Promise<void> {
    return this.#serial(async () => this.#reset('idle'));
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
    this.#dueAcks.clear();
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
      this.#later(ms, epoch, () => this.#ackDue(externalId, ack, epoch));
    }
  }

  /**
   * Queues a due ack for the next flush. Flushes run one after another; acks falling due while one runs go
   * together in the next, so a phone acking many messages costs a few statements, not a few per ack.
   */
  #ackDue(externalId: string, ack: 2 | 3, epoch: number): Promise<void> {
    if (epoch !== this.#epoch) return Promise.resolve();
    this.#dueAcks.set(externalId, ack === 3 ? 3 : (this.#dueAcks.get(externalId) ?? ack));
    return this.#queueAckFlush();
  }

  #queueAckFlush(): Promise<void> {
    if (this.#ackFlushQueued) return Promise.resolve();
    this.#ackFlushQueued = true;
    const flush = this.#acks.then(() => this.#flushAcks());
    this.#acks = flush.catch(() => undefined);
    return flush;
  }

  /** Emits and stores the due acks (the map holds only the current epoch's: a reset clears it). */
  async #flushAcks(): Promise<void> {
    this.#ackFlushQueued = false;
    const due = [...this.#dueAcks].slice(0, ACKS_PER_FLUSH);
    for (const [externalId] of due) this.#dueAcks.delete(externalId);
    // The backlog's flush has no timer awaiting it: its failure is logged here, never left unhandled.
    if (this.#dueAcks.size > 0) {
      this.#queueAckFlush().catch((error: unknown) =>
        this.context.hooks.log.error({ err: error }, 'simulator acks not stored'),
      );
    }
    if (due.length === 0) return;
    const stored = await outgoingAcks(
      this.scope,
      this.whatsappId,
      due.map(([externalId]) => externalId),
    );
    // A message no longer stored, or already acked as far, is left alone.
    const raised = due.filter(([externalId, ack]) => (stored.get(externalId) ?? ack) < ack);
    // Emitted before it is stored: an ack the pipeline refused is sent again after a restart.
    const emitted = await Promise.allSettled(
      raised.map(([wid, ack]) => this.context.hooks.emit({ type: 'message.status', wid, ack })),
    );
    const accepted = raised.filter((_, i) => emitted[i]?.status === 'fulfilled');
    await raiseAcks(
      this.scope,
      this.whatsappId,
      accepted.map(([externalId, ack]) => ({ externalId, ack })),
    );
    const refused = emitted.find((result) => result.status === 'rejected');
    if (refused) throw refused.reason;
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
