import { sql, type Selectable } from 'kysely';
import type { BotTurnsTable } from '../../../platform/db/schema';
import type { HeldWrite } from '../../../platform/db/lean-pool';
import { StatementTemplate } from '../../../platform/db/statement-template';
import type { Scopes, TenantTx } from '../../../platform/tenancy';
import type { BotAction } from '../runners/bot-actions';

export type BotTurnRow = Selectable<BotTurnsTable>;

/**
 * How long a turn waits for the node that queued it (woken in-process after the commit) before any node may
 * claim it: a node that died or lags loses its turns to the others after this.
 */
export const CLAIM_GRACE_MS = 2000;

/** What a turn is about: enough to claim it by id and read its input together (the queuing node's wake-up). */
export type QueuedTurn = Pick<
  BotTurnRow,
  'id' | 'companyId' | 'ticketId' | 'messageId' | 'promptId' | 'integrationId'
>;

/**
 * Queues the bot's answer to a customer message (once per message, whatever redelivers it), for this node first.
 * Answers the turn queued, or undefined when the message had one already.
 */
export async function insertBotTurn(
  tx: TenantTx,
  values: {
    ticketId: number;
    messageId: number;
    promptId: number | null;
    integrationId: number | null;
    queuedBy: string;
  },
): Promise<QueuedTurn | undefined> {
  const row = await tx
    .insertInto('botTurns')
    // Queued when written, not when the inbound transaction began (now()): the turn's own time starts here.
    .values({ ...values, companyId: tx.companyId, createdAt: sql<Date>`clock_timestamp()` })
    .onConflict((oc) => oc.columns(['companyId', 'messageId']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row && { ...values, id: row.id, companyId: tx.companyId };
}

/**
 * The claim of claimBotTurn for one turn of the scope's company, known by id (the node that queued it claims it
 * as it reads its input, in one round trip: see loadTurnInput). No row when it is no longer due, or its ticket
 * has a turn running or an earlier one waiting.
 */
export const claimQueuedTurn = new StatementTemplate((tx, args: { id: number; nodeId: string }) =>
  tx
    .updateTable('botTurns')
    .set({
      status: sql.lit('running'),
      claimedBy: args.nodeId,
      claimedAt: sql<Date>`now()`,
      attempts: sql<number>`attempts + 1`,
      updatedAt: sql<Date>`now()`,
    })
    .where('id', '=', args.id)
    .where('status', '=', sql.lit('pending'))
    .where('nextAttemptAt', '<=', sql<Date>`now()`)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('botTurns as other')
            .whereRef('other.companyId', '=', 'botTurns.companyId')
            .whereRef('other.ticketId', '=', 'botTurns.ticketId')
            .where((eb) =>
              eb.or([
                eb('other.status', '=', sql.lit('running')),
                eb.and([
                  eb('other.status', '=', sql.lit('pending')),
                  eb('other.id', '<', eb.ref('botTurns.id')),
                ]),
              ]),
            )
            .select(sql.lit(1).as('one')),
        ),
      ),
    )
    .returningAll(),
);

/**
 * Claims the next due turn of any company whose ticket has no turn running and no earlier turn waiting, so a
 * ticket's turns run one at a time and in order on every node. Two claimers racing for one ticket are parted
 * by `skip locked` and, in the end, by the one-running-turn-per-ticket unique index (the loser claims nothing).
 * A turn another node queued is left to it for CLAIM_GRACE_MS (`claimable`).
 */
export async function claimBotTurn(scopes: Scopes, nodeId: string): Promise<BotTurnRow | undefined> {
  try {
    // One statement, one round trip; a claim lost in a crash only leaves the turn pending (or running until the
    // stale release): it need not wait for the disk.
    return await scopes.asSystemStatements(
      async (tx) => {
        const result = await sql<BotTurnRow>`
        update bot_turns set status = 'running', claimed_by = ${nodeId}, claimed_at = now(),
               attempts = attempts + 1, updated_at = now()
         where id = (
           select t.id from bot_turns t
            where t.status = 'pending' and t.next_attempt_at <= now() and ${claimable(nodeId, 't')}
              and not exists (select 1 from bot_turns r where r.company_id = t.company_id
                                 and r.ticket_id = t.ticket_id and r.status = 'running')
              and not exists (select 1 from bot_turns e where e.company_id = t.company_id
                                 and e.ticket_id = t.ticket_id and e.status = 'pending' and e.id < t.id)
            order by t.next_attempt_at, t.id
            for update skip locked
            limit 1)
        returning id, company_id as "companyId", ticket_id as "ticketId", message_id as "messageId",
                  prompt_id as "promptId", integration_id as "integrationId", status, actions, applied, attempts,
                  next_attempt_at as "nextAttemptAt", claimed_by as "claimedBy", claimed_at as "claimedAt", error,
                  created_at as "createdAt", updated_at as "updatedAt", queued_by as "queuedBy"`.execute(
          tx.db,
        );
        return result.rows[0];
      },
      { asyncCommit: true },
    );
  } catch (error) {
    if ((error as { code?: string }).code === '23505') return undefined;
    throw error;
  }
}

/**
 * Records, in the caller's transaction (the one that wrote the steps), that the steps `from` to `applied` are
 * written: with the provider's answer the first time (so a crash after it never asks the provider again nor
 * sends anything twice), and done when no step is left. False when the turn is no longer ours (a stale claim
 * was released and taken over): the caller rolls back.
 */
export async function recordSteps(tx: TenantTx, turn: BotTurnRow, steps: StepsRecord): Promise<boolean> {
  return (await recordedSteps.run(tx, recordArgs(turn, steps))).length > 0;
}

/** What a stretch of steps leaves in its turn's row (see recordSteps). */
export interface StepsRecord {
  /** The provider's answer, written the first time. */
  actions?: BotAction[];
  from: number;
  applied: number;
  done: boolean;
}

/**
 * recordSteps held back to the commit (HeldWrite), which carries it in its own text: for a transaction that holds
 * the turn's row locked as its claimer's (writeSteps' first statement), so the turn cannot have been taken over
 * and the write has nothing to check. Its clock is read as it is sent, after everything else the transaction
 * stored. Any statement naming bot_turns sees it written first.
 */
export class HeldStepsRecord implements HeldWrite {
  #steps: StepsRecord | undefined;

  constructor(
    private readonly tx: TenantTx,
    private readonly turn: BotTurnRow,
  ) {}

  record(steps: StepsRecord): void {
    this.#steps = steps;
  }

  take(): { text: string; values: unknown[] } | null {
    const steps = this.#steps;
    if (!steps) return null;
    this.#steps = undefined;
    return recordedSteps.statement(this.tx, recordArgs(this.turn, steps));
  }

  passes(text: string): boolean {
    return !text.includes('bot_turns');
  }
}

/** The arguments of recordedSteps for a stretch; its clock is read here, as the statement is made. */
const recordArgs = (turn: BotTurnRow, steps: StepsRecord) => ({
  id: turn.id,
  claimedBy: turn.claimedBy ?? '',
  from: steps.from,
  applied: steps.applied,
  actions: steps.actions ? JSON.stringify(steps.actions) : undefined,
  status: steps.done ? ('done' as const) : undefined,
  updatedAt: new Date(),
});

/** The stretch's count and state (and answer, the first time), while the turn is still running for its claimer. */
const recordedSteps = new StatementTemplate(
  (
    tx,
    args: {
      id: number;
      claimedBy: string;
      from: number;
      applied: number;
      actions?: string;
      status?: 'done';
      updatedAt: Date;
    },
  ) =>
    tx
      .updateTable('botTurns')
      .set({
        applied: args.applied,
        ...(args.actions !== undefined ? { actions: args.actions } : {}),
        ...(args.status !== undefined ? { status: args.status } : {}),
        updatedAt: args.updatedAt,
      })
      .where('id', '=', args.id)
      .where('status', '=', sql.lit('running'))
      .where('claimedBy', '=', args.claimedBy)
      .where('applied', '=', args.from)
      .returning('id'),
);

export async function finishTurn(
  tx: TenantTx,
  turn: BotTurnRow,
  status: 'done' | 'failed',
  error: string | null = null,
): Promise<void> {
  await tx
    .updateTable('botTurns')
    .set({ status, error, updatedAt: new Date() })
    .where('id', '=', turn.id)
    .where('status', '=', 'running')
    .where('claimedBy', '=', turn.claimedBy)
    .execute();
}

/** Hands the turn back to wait (e.g. for the customer's audio to be downloaded). */
export async function postponeTurn(tx: TenantTx, turn: BotTurnRow, delayMs: number): Promise<void> {
  await tx
    .updateTable('botTurns')
    .set({
      status: 'pending',
      nextAttemptAt: new Date(Date.now() + delayMs),
      claimedBy: null,
      // This node waits for the audio: it takes the turn up again first.
      queuedBy: turn.claimedBy,
      updatedAt: new Date(),
    })
    .where('id', '=', turn.id)
    .where('status', '=', 'running')
    .where('claimedBy', '=', turn.claimedBy)
    .execute();
}

/** Turns left running by a process that died go back to wait; their stored actions resume where they stopped. */
export async function releaseStaleTurns(scopes: Scopes, olderThanMs: number): Promise<number> {
  return scopes.asSystem(async (tx) => {
    const result = await tx.db
      .updateTable('botTurns')
      .set({ status: 'pending', claimedBy: null, updatedAt: new Date() })
      .where('status', '=', 'running')
      .where('claimedAt', '<', new Date(Date.now() - olderThanMs))
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  });
}

/** Whether any turn this node may claim waits now (the worker's cheap poll). */
export async function hasDueTurns(scopes: Scopes, nodeId: string): Promise<boolean> {
  return scopes.asSystem(async (tx) => {
    const row = await tx.db
      .selectFrom('botTurns')
      .where('status', '=', 'pending')
      .where('nextAttemptAt', '<=', new Date())
      .where(claimable(nodeId, 'bot_turns'))
      .select('id')
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  });
}

/** A due turn this node may take: queued here (or by no node in particular), or waiting past the grace. */
function claimable(nodeId: string, table: string) {
  const column = (name: string) => sql.ref(`${table}.${name}`);
  return sql<boolean>`(${column('queued_by')} is null or ${column('queued_by')} = ${nodeId}
    or ${column('next_attempt_at')} <= now() - ${`${CLAIM_GRACE_MS} milliseconds`}::interval)`;
}
