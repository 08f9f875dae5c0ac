import type { AppContext } from '../../../platform/context';
import { claimDueSchedules, releaseStaleClaims } from './claim-schedules';
import type { ClaimedSchedule } from './claim-schedules';
import type { ScheduleSenderEnv } from './send-schedule';
import { sendClaimedBatch } from './send-schedules-batch';

/** How often the worker looks for due schedules (server-behaviour 9: every 5 s). */
export const SCHEDULE_SWEEP_MS = 5000;
/** A claim older than this was left by a crash (a live one settles within seconds). */
export const STALE_CLAIM_MS = 120_000;
/** Rows claimed at once (one statement). */
const CLAIM = 1000;
/**
 * Rows of one company sent in one transaction: its statements are per connection, so the more rows a batch has,
 * the fewer statements each costs (50 lines: 250 rows, about 5 a connection).
 */
const BATCH = 250;
/** Batches sent side by side, each in its own transaction. */
const PARALLEL = 4;
/** Claims one sweep may make before yielding to the next tick. */
const MAX_CLAIMS = 25;

export interface SweepResult {
  claimed: number;
  sent: number;
}

/**
 * One sweep: claims due schedules until none is left (or MAX_CLAIMS claims, or `stopping`), sending each
 * claim's rows in batches per company, several batches side by side.
 * Rows that fell due while no worker ran are simply due now, so they go on the first sweep after a restart.
 */
export async function sendDueSchedules(
  env: ScheduleSenderEnv,
  clock: () => Date = () => new Date(),
  stopping: () => boolean = () => false,
) {
  const result: SweepResult = { claimed: 0, sent: 0 };
  for (let round = 0; round < MAX_CLAIMS && !stopping(); round += 1) {
    const claims = await claimDueSchedules(env.ctx, clock(), CLAIM);
    if (claims.length === 0) break;
    result.claimed += claims.length;
    const batches = batchesByCompany(claims);
    let next = 0;
    const lane = async () => {
      while (next < batches.length) {
        const batch = batches[next];
        next += 1;
        if (batch) result.sent += await sendClaimedBatch(env, batch.companyId, batch.claims, clock());
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, lane));
  }
  return result;
}

/** The claims split per company (a transaction is one company's), in batches of at most BATCH. */
function batchesByCompany(claims: ClaimedSchedule[]) {
  const perCompany = new Map<number, ClaimedSchedule[]>();
  for (const claim of claims) {
    const list = perCompany.get(claim.companyId) ?? [];
    list.push(claim);
    perCompany.set(claim.companyId, list);
  }
  return [...perCompany].flatMap(([companyId, list]) =>
    Array.from({ length: Math.ceil(list.length / BATCH) }, (_, i) => ({
      companyId,
      claims: list.slice(i * BATCH, (i + 1) * BATCH),
    })),
  );
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
