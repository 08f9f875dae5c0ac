import type { AppContext } from '../../../platform/context';
import type { SecretBox } from '../../../platform/crypto/secret-box';
import type { MediaStorage } from '../../../platform/storage/media-storage';
import type { TenantScope } from '../../../platform/tenancy';
import type { OutgoingEnv } from '../../../modules/messages';
import { BotProviderError, type BotAction } from '../runners/bot-actions';
import { webhookPolicy } from '../runners/webhook-runner';
import { handOff } from './bot-turn-apply';
import { botHolds, claimWithInput, loadTurnInput, type TurnInput } from './bot-turn-input';

/** A turn's input as read: undefined when the bot no longer holds the ticket, `refused` by the plan. */
type TurnRead = TurnInput | 'refused' | undefined;
import { runTurn } from './bot-turn-run';
import { TurnLost, writeSteps } from './bot-turn-steps';
import {
  claimBotTurn,
  finishTurn,
  hasDueTurns,
  postponeTurn,
  releaseStaleTurns,
  type BotTurnRow,
  type QueuedTurn,
} from './bot-turns.repository';

/** Woken-for turns kept to claim by id; more are left to the usual claim. */
const MAX_QUEUED = 1000;

export interface BotWorkerDeps {
  ctx: AppContext;
  outbound: OutgoingEnv;
  storage: MediaStorage;
  box: SecretBox;
}

/**
 * Runs bot turns (server-behaviour 8) on any node: claims due turns (one running per ticket, across nodes),
 * calls the provider outside transactions, then writes the answer and its steps in one transaction per stretch
 * (a Typebot pause ends a stretch) with their count, re-checking that the bot still holds the ticket (an agent
 * may have taken it meanwhile). A provider failure is logged and hands the ticket to people, as does a plan that
 * no longer lets the bot answer.
 */
export class BotWorker {
  /** Tunable in tests and benchmarks. */
  readonly options = {
    concurrency: 16,
    staleMs: 5 * 60_000,
    maxPauseMs: 5000,
    webhook: { ...webhookPolicy },
  };
  readonly #active = new Set<Promise<void>>();
  /** Turns this node queued and was woken for: claimed by id with their input, one round trip each. */
  readonly #queued: QueuedTurn[] = [];
  #timer: NodeJS.Timeout | undefined;
  #stopped = true;
  #filling = false;
  #again = false;
  /** A claim found nothing while turns ran here: a turn may wait behind one of them (same ticket). */
  #missed = false;
  #polls = 0;

  constructor(private readonly deps: BotWorkerDeps) {}

  start(pollMs = 500): void {
    this.#stopped = false;
    this.#timer = setInterval(() => void this.#poll(), pollMs);
    this.#timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    await Promise.allSettled([...this.#active]);
  }

  /** Runs due turns now (called after a commit that queued one, with that turn). */
  kick(queued?: QueuedTurn): void {
    if (this.#stopped) return;
    // Bounded: past it, the usual claim (and the poll) take the turns.
    if (queued && this.#queued.length < MAX_QUEUED) this.#queued.push(queued);
    if (this.#filling) {
      this.#again = true;
      return;
    }
    void this.#fill();
  }

  /** Resolves once no turn runs here (tests and benchmarks). */
  async idle(): Promise<void> {
    while (this.#active.size > 0 || this.#filling)
      await Promise.allSettled([...this.#active, new Promise((r) => setTimeout(r, 5))]);
  }

  async #poll(): Promise<void> {
    try {
      if (++this.#polls % 120 === 0) await releaseStaleTurns(this.deps.ctx.scopes, this.options.staleMs);
      if (
        this.#active.size < this.options.concurrency &&
        (await hasDueTurns(this.deps.ctx.scopes, this.deps.ctx.config.nodeId))
      )
        this.kick();
    } catch (error) {
      this.deps.ctx.log.error({ err: error }, 'bot turn poll failed');
    }
  }

  async #fill(): Promise<void> {
    this.#filling = true;
    try {
      do {
        this.#again = false;
        while (!this.#stopped && this.#active.size < this.options.concurrency) {
          const claimed = await this.#claim();
          if (claimed === 'next') continue;
          if (!claimed) {
            if (this.#active.size > 0) this.#missed = true;
            break;
          }
          const running: Promise<void> = this.#run(claimed.turn, claimed.read).finally(() => {
            const full = this.#active.size >= this.options.concurrency;
            this.#active.delete(running);
            // Claims again only when a turn may be waiting: one left for lack of room, or behind a running one.
            // Otherwise nothing is due here (a turn queued meanwhile kicked on its own); the poll is the fallback.
            if (full || this.#missed) {
              this.#missed = false;
              this.kick();
            }
          });
          this.#active.add(running);
        }
      } while (this.#again && !this.#stopped);
    } catch (error) {
      this.deps.ctx.log.error({ err: error }, 'bot turn claim failed');
    } finally {
      this.#filling = false;
    }
  }

  /**
   * The next turn to run: one this node queued, claimed by id with its input read in the same round trip (`next`
   * when it was no longer there to take), else any due turn.
   */
  async #claim(): Promise<{ turn: BotTurnRow; read?: { input: TurnRead } } | 'next' | undefined> {
    const { scopes, config } = this.deps.ctx;
    const queued = this.#queued.shift();
    if (queued) {
      try {
        const claimed = await scopes
          .tenant(queued.companyId)
          .read((tx) => claimWithInput(tx, queued, config.nodeId), { asyncCommit: true });
        return claimed ? { turn: claimed.turn, read: { input: claimed.input } } : 'next';
      } catch (error) {
        // Two claimers of one ticket are parted by its one-running-turn index: the loser takes nothing.
        if ((error as { code?: string }).code === '23505') return 'next';
        throw error;
      }
    }
    const turn = await claimBotTurn(scopes, config.nodeId);
    return turn && { turn };
  }

  /** Runs a claimed turn, its input read already (with the claim) or read now. */
  async #run(turn: BotTurnRow, read?: { input: TurnRead }): Promise<void> {
    const scope = this.deps.ctx.scopes.tenant(turn.companyId);
    try {
      const input = read ? read.input : await scope.read((tx) => loadTurnInput(tx, turn));
      if (input === undefined) return await scope.run((tx) => finishTurn(tx, turn, 'done'));
      if (input === 'refused') return await this.#refuse(scope, turn);
      let actions = turn.actions as BotAction[] | null;
      const answered = actions === null;
      if (actions === null) {
        const outcome = await runTurn({ ...this.deps, webhook: this.options.webhook }, scope, turn, input);
        if (outcome.kind === 'wait') return await scope.run((tx) => postponeTurn(tx, turn, 1000));
        actions = outcome.actions;
      }
      // The answer is written with its first stretch of steps, in one transaction; a pause ends a stretch.
      let from = turn.applied;
      for (let first = true; ; first = false) {
        const written = await writeSteps(this.deps, scope, turn, actions, from, input, first && answered);
        if (written.done) return;
        from = written.applied;
        if (written.pauseMs !== null)
          await new Promise((r) => setTimeout(r, Math.min(written.pauseMs ?? 0, this.options.maxPauseMs)));
      }
    } catch (error) {
      if (error instanceof TurnLost) return;
      await this.#fail(scope, turn, error);
    }
  }

  /** The plan lost the bot's flag since the turn was queued: no answer, the ticket waits for a human. */
  async #refuse(scope: TenantScope, turn: BotTurnRow): Promise<void> {
    this.deps.ctx.log.info(
      { companyId: turn.companyId, ticketId: turn.ticketId, turnId: turn.id },
      `bot turn dropped: the plan no longer allows ${turn.promptId !== null ? 'prompts' : 'integrations'}`,
    );
    await this.#toPeople(scope, turn, 'done', null);
  }

  async #fail(scope: TenantScope, turn: BotTurnRow, error: unknown): Promise<void> {
    const reason = error instanceof Error ? error.message : String(error);
    const where = { companyId: turn.companyId, ticketId: turn.ticketId, turnId: turn.id };
    if (error instanceof BotProviderError) {
      this.deps.ctx.log.warn(
        where,
        `bot answer failed, ticket ${turn.ticketId} waits for a human: ${reason}`,
      );
    } else {
      this.deps.ctx.log.error(
        { ...where, err: error },
        `bot turn failed, ticket ${turn.ticketId} waits for a human`,
      );
    }
    try {
      await this.#toPeople(scope, turn, 'failed', reason.slice(0, 1000));
    } catch (cleanup) {
      this.deps.ctx.log.error({ ...where, err: cleanup }, 'bot turn failure could not be recorded');
    }
  }

  /** Ends the turn and, while its bot still holds the ticket, turns the bot off: the ticket waits for a human. */
  async #toPeople(
    scope: TenantScope,
    turn: BotTurnRow,
    status: 'done' | 'failed',
    error: string | null,
  ): Promise<void> {
    await scope.run(async (tx) => {
      await finishTurn(tx, turn, status, error);
      const ticket = await tx
        .selectFrom('tickets')
        .where('id', '=', turn.ticketId)
        .selectAll()
        .forUpdate()
        .executeTakeFirst();
      if (ticket && botHolds(ticket, turn)) await handOff(tx, this.deps.outbound, ticket);
    });
  }
}
