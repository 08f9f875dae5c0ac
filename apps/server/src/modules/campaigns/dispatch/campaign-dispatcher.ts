import type { AppContext } from '../../../platform/context';
import { CampaignLeases } from './campaign-lease';
import type { CampaignOutbox } from './campaign-outbox';
import { settleCampaign } from './campaign-settle';
import { orphanedCampaigns, startDueCampaigns } from './campaign-start';
import { dispatchStep, type StepEnv } from './campaign-step';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The campaigns' engine on a worker node (server-behaviour 9, 10.3, 10.4). A sweep every `sweepMs` (and on a
 * kick) starts due campaigns and gives every running campaign without a live dispatcher one; each dispatcher
 * holds the campaign's lease, sends sequentially through `dispatchStep` and settles delivered rows as it goes.
 * Two nodes never dispatch one campaign at once (lease, and the campaign row lock inside each step), and a node
 * that dies leaves a lease that expires, so another node resumes after at most one lease period.
 */
export class CampaignDispatcher {
  /** Tunable for tests: the start sweep's period, and how often the report counts are settled while sending. */
  readonly timing = { sweepMs: 5000, settleMs: 500 };
  readonly #running = new Map<number, Promise<void>>();
  readonly #leases: CampaignLeases;
  readonly #env: StepEnv;
  #timer: NodeJS.Timeout | undefined;
  #sweeping: Promise<void> | undefined;
  #again = false;
  #stopped = true;

  constructor(
    private readonly ctx: AppContext,
    outbox: CampaignOutbox,
  ) {
    this.#leases = new CampaignLeases(ctx.scopes, ctx.config.nodeId, ctx.config.sessionLeaseMs);
    this.#env = { ctx, outbox, random: Math.random };
  }

  start(): void {
    this.#stopped = false;
    const tick = () => {
      if (this.#stopped) return;
      this.kick();
      this.#timer = setTimeout(tick, this.timing.sweepMs);
      this.#timer.unref();
    };
    tick();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#sweeping;
    await Promise.allSettled([...this.#running.values()]);
  }

  /** Sweeps now (a campaign was scheduled, restarted or the period came). */
  kick(): void {
    if (this.#stopped) return;
    if (this.#sweeping) {
      this.#again = true;
      return;
    }
    this.#sweeping = (async () => {
      do {
        this.#again = false;
        await this.sweep().catch((err: unknown) => this.ctx.log.error({ err }, 'campaign sweep failed'));
      } while (this.#again && !this.#stopped);
    })().finally(() => {
      this.#sweeping = undefined;
    });
  }

  /** How many campaigns this node is dispatching now. */
  get running(): number {
    return this.#running.size;
  }

  private async sweep(): Promise<void> {
    const started = await startDueCampaigns(this.ctx);
    const orphans = await orphanedCampaigns(this.ctx);
    for (const campaign of [...started, ...orphans]) this.dispatch(campaign.companyId, campaign.id);
  }

  private dispatch(companyId: number, campaignId: number): void {
    if (this.#running.has(campaignId) || this.#stopped) return;
    const run = this.run(companyId, campaignId)
      .catch((err: unknown) =>
        this.ctx.log.error({ err, companyId, campaignId }, 'campaign dispatcher failed'),
      )
      .finally(() => this.#running.delete(campaignId));
    this.#running.set(campaignId, run);
  }

  private async run(companyId: number, campaignId: number): Promise<void> {
    if (!(await this.#leases.acquire(campaignId))) return;
    const renewEvery = Math.max(100, Math.floor(this.#leases.leaseMs / 3));
    let renewedAt = Date.now();
    let settledAt = 0;
    // A settle reads every row still undelivered: with thousands queued ahead of a slow connection it is not free,
    // so it runs at most a tenth of the time.
    let settleCostMs = 0;
    const settle = async () => {
      const started = Date.now();
      const settled = await settleCampaign(this.ctx, companyId, campaignId, { emit: true });
      settledAt = Date.now();
      settleCostMs = settledAt - started;
      return settled;
    };
    try {
      while (!this.#stopped) {
        let result;
        try {
          result = await dispatchStep(this.#env, companyId, campaignId);
        } catch (err) {
          this.ctx.log.error({ err, companyId, campaignId }, 'campaign send failed; retrying');
          result = { kind: 'wait', ms: 1000, reason: 'paused' } as const;
        }
        const stepDone = Date.now();
        if (result.kind === 'stop') {
          await settle();
          return;
        }
        const settling = result.kind === 'wait' && result.reason === 'settling';
        const gapMs = Math.max(settling ? 0 : this.timing.settleMs, settleCostMs * 10);
        if (Date.now() - settledAt >= gapMs) {
          const { finished } = await settle();
          if (finished) return;
        }
        // The pace counts from the send, not from the bookkeeping done since.
        let waitMs = (result.kind === 'sent' ? result.delayMs : result.ms) - (Date.now() - stepDone);
        if (settling) waitMs = Math.min(this.timing.settleMs, 200);
        // Sleep in slices no longer than the lease renewal period, renewing as we go.
        while (waitMs > 0 && !this.#stopped) {
          const slice = Math.min(waitMs, renewEvery);
          await sleep(slice);
          waitMs -= slice;
          if (Date.now() - renewedAt >= renewEvery) {
            if (!(await this.#leases.renew(campaignId))) return;
            renewedAt = Date.now();
          }
        }
        if (Date.now() - renewedAt >= renewEvery) {
          if (!(await this.#leases.renew(campaignId))) return;
          renewedAt = Date.now();
        }
      }
    } finally {
      await this.#leases.release(campaignId).catch(() => undefined);
    }
  }
}
