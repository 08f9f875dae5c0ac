import { sql, type Selectable, type Updateable } from 'kysely';
import { StatementTemplate } from '../../platform/db/statement-template';
import { emitTicketUpdate, loadTicketView, type TicketRow } from '../../modules/tickets';
import type { TicketTrackingTable, TicketsTable } from '../../platform/db/schema';
import type { TenantTx } from '../../platform/tenancy';
import type { BotEnv } from './bot-send';

export type CycleRow = Selectable<TicketTrackingTable>;

/** The ticket's current attendance cycle (server-behaviour 5.1), where the bot keeps its counters. */
export async function currentCycle(tx: TenantTx, ticketId: number): Promise<CycleRow | undefined> {
  const [cycle] = await currentCycleStatement.run(tx, { ticketId });
  return cycle;
}

const currentCycleStatement = new StatementTemplate((tx, args: { ticketId: number }) =>
  tx
    .selectFrom('ticketTracking')
    .where('ticketId', '=', args.ticketId)
    .where('finishedAt', 'is', null)
    .orderBy('id', 'desc')
    .selectAll()
    .limit(sql.lit(1)),
);

export async function updateCycle(
  tx: TenantTx,
  cycleId: number,
  values: Updateable<TicketTrackingTable>,
): Promise<void> {
  await tx
    .updateTable('ticketTracking')
    .set({ ...values, updatedAt: new Date() })
    .where('id', '=', cycleId)
    .execute();
}

/** Counts one more menu in the cycle and starts its quiet time (loop guards, 7.4). */
export function countMenu(tx: TenantTx, cycle: CycleRow, now: Date): Promise<void> {
  return updateCycle(tx, cycle.id, { menuSends: cycle.menuSends + 1, chatbotAt: now });
}

export function updateTicket(
  tx: TenantTx,
  ticketId: number,
  values: Updateable<TicketsTable>,
): Promise<TicketRow> {
  return tx
    .updateTable('tickets')
    .set({ ...values, updatedAt: new Date() })
    .where('id', '=', ticketId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Option and bot state cleared, as "#" and a queue change require. */
export const clearedBotState = {
  queueOptionId: null,
  chatbot: false,
  useIntegration: false,
  integrationId: null,
  promptId: null,
  typebotSessionId: null,
} satisfies Updateable<TicketsTable>;

/**
 * Puts the ticket in a queue with the bot off; the cycle is queued again now. Emits the `-ticket` events of the
 * change after commit.
 */
export async function assignQueue(
  env: BotEnv,
  ticket: TicketRow,
  cycle: CycleRow | undefined,
  queueId: number,
): Promise<TicketRow> {
  const updated = await updateTicket(env.tx, ticket.id, { ...clearedBotState, queueId });
  if (cycle) await updateCycle(env.tx, cycle.id, { queueId, queuedAt: env.now });
  await emitTicketChange(env, ticket, updated);
  return updated;
}

/** `-ticket` update (and delete from the rooms left) for a ticket the bot or a job changed. */
export async function emitTicketChange(env: BotEnv, before: TicketRow, after: TicketRow): Promise<void> {
  const view = await loadTicketView(env.tx, env.ctx.config.frontendUrl, after.id);
  const companyId = env.tx.companyId;
  env.defer(() => emitTicketUpdate(env.ctx.realtime, companyId, view, before));
}
