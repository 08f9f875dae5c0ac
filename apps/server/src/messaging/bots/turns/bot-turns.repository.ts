import { sql, type Selectable } from 'kysely';
import type { BotTurnsTable } from '../../../platform/db/schema';
import type { Scopes, TenantTx } from '../../../platform/tenancy';
import type { BotAction } from '../runners/bot-actions';

export type BotTurnRow = Selectable<BotTurnsTable>;

/** Queues the bot's answer to a customer message (once per message, whatever redelivers it). */
export async function insertBotTurn(
  tx: TenantTx,
  values: { ticketId: number; messageId: number; promptId: number | null; integrationId: number | null },
): Promise<void> {
  await tx
    .insertInto('botTurns')
    .values({ ...values, companyId: tx.companyId })
    .onConflict((oc) => oc.columns(['companyId', 'messageId']).doNothing())
    .execute();
}

/**
 * Claims the next due turn of any company whose ticket has no turn running and no earlier turn waiting, so a
 * ticket's turns run one at a time and in order on every node. Two claimers racing for one ticket are parted
 * by `skip locked` and, in the end, by the one-running-turn-per-ticket unique index (the loser claims nothing).
 */
export async function claimBotTurn(scopes: Scopes, nodeId: string): Promise<BotTurnRow | undefined> {
  try {
    return await scopes.asSystem(async (tx) => {
      const result = await sql<BotTurnRow>`
        update bot_turns set status = 'running', claimed_by = ${nodeId}, claimed_at = now(),
               attempts = attempts + 1, updated_at = now()
         where id = (
           select t.id from bot_turns t
            where t.status = 'pending' and t.next_attempt_at <= now()
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
                  created_at as "createdAt", updated_at as "updatedAt"`.execute(tx.db);
      return result.rows[0];
    });
  } catch (error) {
    if ((error as { code?: string }).code === '23505') return undefined;
    throw error;
  }
}

/** The provider's answer, kept so a crash after it never asks the provider twice nor sends anything twice. */
export async function saveActions(tx: TenantTx, turn: BotTurnRow, actions: BotAction[]): Promise<boolean> {
  const result = await tx
    .updateTable('botTurns')
    .set({ actions: JSON.stringify(actions), updatedAt: new Date() })
    .where('id', '=', turn.id)
    .where('status', '=', 'running')
    .where('claimedBy', '=', turn.claimedBy)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Counts one more applied action in the caller's transaction; false when the turn is no longer ours. */
export async function countApplied(tx: TenantTx, turn: BotTurnRow, applied: number): Promise<boolean> {
  const result = await tx
    .updateTable('botTurns')
    .set({ applied: applied + 1, updatedAt: new Date() })
    .where('id', '=', turn.id)
    .where('status', '=', 'running')
    .where('claimedBy', '=', turn.claimedBy)
    .where('applied', '=', applied)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

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

/** Whether any turn waits now (the worker's cheap poll). */
export async function hasDueTurns(scopes: Scopes): Promise<boolean> {
  return scopes.asSystem(async (tx) => {
    const row = await tx.db
      .selectFrom('botTurns')
      .where('status', '=', 'pending')
      .where('nextAttemptAt', '<=', new Date())
      .select('id')
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  });
}
