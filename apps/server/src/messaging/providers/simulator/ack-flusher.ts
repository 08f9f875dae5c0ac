import type { TenantScope } from '../../../platform/tenancy';
import type { ProviderEvent } from '..';
import { outgoingAcksOf, raiseAcksOf } from './simulator.repository';

/** How long the first due ack waits for others (any line of the company) to go out with it. */
export const ACK_WINDOW_MS = 25;
/** Acks stored by one flush at most (a longer backlog goes in the next, right after). */
const ACKS_PER_FLUSH = 500;

/** One simulator line as the flusher sees it: where its acks go, and whether an ack is still its to send. */
export interface AckLine {
  readonly whatsappId: number;
  /** Hands an event to the pipeline (the session's hooks). */
  emit(event: ProviderEvent): Promise<void>;
  /** False once the line was reset (stop, logout, a new start) after the ack fell due. */
  isCurrent(epoch: number): boolean;
}

interface DueAck {
  line: AckLine;
  epoch: number;
  externalId: string;
  ack: 2 | 3;
}

/** Where the flusher reads and stores acks: one statement each for any number of lines' messages. */
export interface AckStore {
  storedAcks: typeof outgoingAcksOf;
  raiseAcks: typeof raiseAcksOf;
}

const DATABASE: AckStore = { storedAcks: outgoingAcksOf, raiseAcks: raiseAcksOf };

interface Log {
  error(details: object, message: string): void;
}

const keyOf = (whatsappId: number, externalId: string) => `${whatsappId}:${externalId}`;

/**
 * The fake phones' acks of one company, for all its simulator lines in this process. An ack falling due waits
 * up to ACK_WINDOW_MS for others; then one flush reads what is stored for all of them (one statement), emits
 * the ones that raise something to each line's pipeline, and stores the accepted ones (one statement). Flushes
 * run one at a time; acks falling due meanwhile go in the next. An ack is emitted before it is stored, so one
 * the pipeline refused is still below its level in the database and is sent again after a restart.
 */
export class SimulatorAckFlusher {
  /** Acks waiting for the next flush: the highest per message. */
  readonly #due = new Map<string, DueAck>();
  #timer: NodeJS.Timeout | undefined;
  /** The flush in progress and the lines it carries acks of. */
  #flushing: { done: Promise<void>; lines: Set<AckLine> } | undefined;

  constructor(
    private readonly scope: TenantScope,
    private readonly log: Log,
    private readonly windowMs = ACK_WINDOW_MS,
    private readonly store: AckStore = DATABASE,
  ) {}

  /** An ack of one of the line's messages fell due; the line's current epoch tells later whether it still counts. */
  due(line: AckLine, epoch: number, externalId: string, ack: 2 | 3): void {
    const key = keyOf(line.whatsappId, externalId);
    const waiting = this.#due.get(key);
    if (!waiting || waiting.ack < ack || waiting.line !== line)
      this.#due.set(key, { line, epoch, externalId, ack });
    this.#schedule();
  }

  /** Forgets the line's waiting acks (a reset); resolves once a flush carrying some of its acks has finished. */
  async drop(line: AckLine): Promise<void> {
    for (const [key, due] of this.#due) if (due.line === line) this.#due.delete(key);
    if (this.#due.size === 0) this.#cancelTimer();
    const flushing = this.#flushing;
    if (flushing?.lines.has(line)) await flushing.done;
  }

  #schedule(): void {
    if (this.#timer || this.#flushing) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#next();
    }, this.windowMs);
    this.#timer.unref();
  }

  #cancelTimer(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  /** Starts a flush of up to ACKS_PER_FLUSH waiting acks; when it ends, the backlog goes next, without a wait. */
  #next(): void {
    const batch = this.#take();
    if (batch.length === 0) return;
    const lines = new Set(batch.map((due) => due.line));
    // A failed flush is logged here: nothing awaits it that could report it.
    const done = this.#flush(batch)
      .catch((error: unknown) => this.log.error({ err: error }, 'simulator acks not stored'))
      .finally(() => {
        this.#flushing = undefined;
        this.#next();
      });
    this.#flushing = { done, lines };
  }

  #take(): DueAck[] {
    const batch: DueAck[] = [];
    for (const [key, due] of this.#due) {
      this.#due.delete(key);
      if (due.line.isCurrent(due.epoch)) batch.push(due);
      if (batch.length === ACKS_PER_FLUSH) break;
    }
    return batch;
  }

  async #flush(batch: DueAck[]): Promise<void> {
    const stored = await this.store.storedAcks(
      this.scope,
      batch.map((due) => ({ whatsappId: due.line.whatsappId, externalId: due.externalId })),
    );
    // A message no longer stored, already acked as far, or of a line reset meanwhile is left alone.
    const raised = batch.flatMap((due) => {
      const current = stored.get(keyOf(due.line.whatsappId, due.externalId));
      const raises = current !== undefined && current.ack < due.ack && due.line.isCurrent(due.epoch);
      return raises ? [{ ...due, id: current.id }] : [];
    });
    if (raised.length === 0) return;
    // Emitted before it is stored: an ack the pipeline refused is sent again after a restart.
    const emitted = await Promise.allSettled(
      raised.map((due) => due.line.emit({ type: 'message.status', wid: due.externalId, ack: due.ack })),
    );
    const accepted = raised.filter((_, i) => emitted[i]?.status === 'fulfilled');
    if (accepted.length > 0) {
      await this.store.raiseAcks(
        this.scope,
        accepted.map((due) => ({ id: due.id, ack: due.ack })),
      );
    }
    const refused = emitted.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
    if (refused.length > 0) {
      this.log.error(
        { err: refused[0], refused: refused.length },
        'simulator acks not accepted by the pipeline',
      );
    }
  }
}
