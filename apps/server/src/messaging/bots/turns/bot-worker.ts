import type { AppContext } from '../../../platform/context';
import type { SecretBox } from '../../../platform/crypto/secret-box';
import type { MediaStorage } from '../../../platform/storage/media-storage';
import type { TenantScope } from '../../../platform/tenancy';
import { chatIdOfContact, lockChat } from '../../../modules/contacts';
import type { OutgoingEnv } from '../../../modules/messages';
import { BotProviderError, type BotAction } from '../runners/bot-actions';
import { webhookPolicy } from '../runners/webhook-runner';
import { saveProviderMedia } from './bot-media';
import { applyAction, handOff } from './bot-turn-apply';
import { botHolds, loadTurnInput } from './bot-turn-input';
import { runTurn } from './bot-turn-run';
import {
  claimBotTurn,
  countApplied,
  finishTurn,
  hasDueTurns,
  postponeTurn,
  releaseStaleTurns,
  saveActions,
  type BotTurnRow,
} from './bot-turns.repository';

export interface BotWorkerDeps {
  ctx: AppContext;
  outbound: OutgoingEnv;
  storage: MediaStorage;
  box: SecretBox;
}

/** The turn was taken over by another process (a stale claim released): stop without writing. */
class TurnLost extends Error {}

/**
 * Runs bot turns (server-behaviour 8) on any node: claims due turns (one running per ticket, across nodes),
 * calls the provider outside transactions, then writes each answer step in its own transaction together with
 * its count, re-checking that the bot still holds the ticket (an agent may have taken it meanwhile). A provider
 * failure is logged and hands the ticket to people.
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
  #timer: NodeJS.Timeout | undefined;
  #stopped = true;
  #filling = false;
  #again = false;
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

  /** Runs due turns now (called after a commit that queued one). */
  kick(): void {
    if (this.#stopped) return;
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
      if (this.#active.size < this.options.concurrency && (await hasDueTurns(this.deps.ctx.scopes)))
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
          const turn = await claimBotTurn(this.deps.ctx.scopes, this.deps.ctx.config.nodeId);
          if (!turn) break;
          const running: Promise<void> = this.#run(turn).finally(() => {
            this.#active.delete(running);
            this.kick();
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

  async #run(turn: BotTurnRow): Promise<void> {
    const scope = this.deps.ctx.scopes.tenant(turn.companyId);
    try {
      let actions = turn.actions as BotAction[] | null;
      if (actions === null) {
        const input = await scope.read((tx) => loadTurnInput(tx, turn));
        if (!input) return await scope.run((tx) => finishTurn(tx, turn, 'done'));
        const outcome = await runTurn({ ...this.deps, webhook: this.options.webhook }, scope, turn, input);
        if (outcome.kind === 'wait') return await scope.run((tx) => postponeTurn(tx, turn, 1000));
        const answered = outcome.actions;
        if (!(await scope.run((tx) => saveActions(tx, turn, answered)))) return;
        actions = answered;
      }
      for (let index = turn.applied; index < actions.length; index++) {
        const action = actions[index];
        if (!action) break;
        if (action.kind === 'pause')
          await new Promise((r) => setTimeout(r, Math.min(action.ms, this.options.maxPauseMs)));
        if (!(await this.#apply(scope, turn, action, index))) break;
      }
      await scope.run((tx) => finishTurn(tx, turn, 'done'));
    } catch (error) {
      if (error instanceof TurnLost) return;
      await this.#fail(scope, turn, error);
    }
  }

  /** One step in its own transaction; false when the bot no longer holds the ticket (the rest is dropped). */
  async #apply(scope: TenantScope, turn: BotTurnRow, action: BotAction, index: number): Promise<boolean> {
    const media =
      action.kind === 'media'
        ? await saveProviderMedia(this.deps.storage, turn.companyId, action.url)
        : undefined;
    return scope.run(async (tx) => {
      const seen = await tx
        .selectFrom('tickets')
        .where('id', '=', turn.ticketId)
        .selectAll()
        .executeTakeFirst();
      if (!seen || seen.whatsappId === null) return false;
      const contact = await tx
        .selectFrom('contacts')
        .where('id', '=', seen.contactId)
        .selectAll()
        .executeTakeFirstOrThrow();
      // The chat's section first, as inbound processing and every send take it, then the ticket's row.
      await lockChat(tx, seen.whatsappId, chatIdOfContact(contact));
      const ticket = await tx
        .selectFrom('tickets')
        .where('id', '=', turn.ticketId)
        .selectAll()
        .forUpdate()
        .executeTakeFirst();
      if (!ticket || !botHolds(ticket, turn)) return false;
      await applyAction(tx, this.deps.outbound, ticket, contact, action, media);
      if (!(await countApplied(tx, turn, index))) throw new TurnLost();
      return true;
    });
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
      await scope.run(async (tx) => {
        await finishTurn(tx, turn, 'failed', reason.slice(0, 1000));
        const ticket = await tx
          .selectFrom('tickets')
          .where('id', '=', turn.ticketId)
          .selectAll()
          .forUpdate()
          .executeTakeFirst();
        if (ticket && botHolds(ticket, turn)) await handOff(tx, this.deps.outbound, ticket);
      });
    } catch (cleanup) {
      this.deps.ctx.log.error({ ...where, err: cleanup }, 'bot turn failure could not be recorded');
    }
  }
}
