import type { AppContext } from '../../../platform/context';
import { claimDueSchedules, releaseStaleClaims } from './claim-schedules';
import { sendClaimedSchedule, type ScheduleSenderEnv } from './send-schedule';

/** How often the worker looks for due schedules (server-behaviour 9: every 5 s). */
export const SCHEDULE_SWEEP_MS = 5000;
/** A claim older than this was left by a crash (a live one settles within seconds). */
export const STALE_CLAIM_MS = 120_000;
const BATCH = 200;
/** Rows sent side by side, each in its own transaction. */
const PARALLEL = 8;
/** Batches one sweep may run before yielding to the next tick. */
const MAX_BATCHES = 100;

export interface SweepResult {
  claimed: number;
  sent: number;
}

/**
 * One sweep: claims due schedules batch after batch until none is left (or MAX_BATCHES, or `stopping`), sending
 * each claim.
 * Rows that fell due while no worker ran are simply due now, so they go on the first sweep after a restart.
 */
export async function sendDueSchedules(
  env: ScheduleSenderEnv,
  clock: () => Date = () => new Date(),
  stopping: () => boolean = () => false,
) {
  const result: SweepResult = { claimed: 0, sent: 0 };
  for (let batch = 0; batch < MAX_BATCHES && !stopping(); batch += 1) {
    const claims = await claimDueSchedules(env.ctx, clock(), BATCH);
    if (claims.length === 0) break;
    result.claimed += claims.length;
    let next = 0;
    const lane = async () => {
      while (next < claims.length) {
        const claim = claims[next];
        next += 1;
        if (claim && (await sendClaimedSchedule(env, claim, clock()))) result.sent += 1;
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, lane));
  }
  return result;
}

/** The worker role's timer: settles claims left by a crash at start, then sweeps every SCHEDULE_SWEEP_MS. */
export class ScheduleSweeper {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<unknown> | undefined;
  #stopping = false;

  constructor(
    private readonly env: ScheduleSenderEnv,
    private readonly everyMs = SCHEDULE_SWEEP_MS,
  ) {}

  private get ctx(): AppContext {
    return this.env.ctx;
  }

  async start(): Promise<void> {
    this.#stopping = false;
    // At boot every AGENDADA row of a stopped process is a leftover; a live node's claim released here is
    // refused by its own sender's check, so nothing goes twice.
    const released = await releaseStaleClaims(this.ctx, new Date(), 0);
    if (released > 0) this.ctx.log.info({ released }, 'scheduled messages left mid-send are due again');
    this.#timer = setInterval(() => this.tick(), this.everyMs);
    this.#timer.unref();
    this.tick();
  }

  private tick(): void {
    if (this.#running) return;
    this.#running = (async () => {
      await releaseStaleClaims(this.ctx, new Date(), STALE_CLAIM_MS);
      await sendDueSchedules(this.env, undefined, () => this.#stopping);
    })()
      .catch((err: unknown) => this.ctx.log.error({ err }, 'scheduled messages sweep failed'))
      .finally(() => {
        this.#running = undefined;
      });
  }

  /** Stops the timer and waits for the batch being sent (a long backlog is left for the next start). */
  async stop(): Promise<void> {
    this.#stopping = true;
    clearInterval(this.#timer);
    await this.#running;
  }
}
