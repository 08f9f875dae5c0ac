import { sql } from 'kysely';
import type { TicketsEnv } from '../ticket-messages.port';
import type { AppContext } from '../../../platform/context';
import { periodicSweepJob } from '../../../platform/jobs/define-job';
import type { TenantTx } from '../../../platform/tenancy';
import { currentCycle } from '../ticket-cycles';
import { transferTicket } from '../ticket-verbs';
import { activeCompany } from './active-companies';
import { lockTicketChat } from './ticket-expiry.job';
import { handleEach } from './sweep-candidates';

export const AUTO_TRANSFER_JOB = 'ticket-auto-transfer';

/**
 * Server-behaviour 9, auto-transfer: pending tickets without queue nor agent, queued longer than the
 * connection's `timeToTransfer` minutes, go to its `transferQueueId` (bot off, queued again now, the transfer
 * notice when the company sends them). `now` is the sweep's clock. Answers how many tickets moved.
 */
export async function sweepAutoTransfers(
  ctx: AppContext,
  env: TicketsEnv,
  now = new Date(),
): Promise<number> {
  const candidates = await ctx.scopes.asSystem((tx) =>
    tx.db
      .selectFrom('tickets')
      .innerJoin('whatsapps', 'whatsapps.id', 'tickets.whatsappId')
      .innerJoin('companies', 'companies.id', 'tickets.companyId')
      .innerJoin('ticketTracking', (join) =>
        join.onRef('ticketTracking.ticketId', '=', 'tickets.id').on('ticketTracking.finishedAt', 'is', null),
      )
      .where(activeCompany(ctx.config.timeZone, now))
      .where('tickets.status', '=', 'pending')
      .where('tickets.queueId', 'is', null)
      .where('tickets.userId', 'is', null)
      .where('whatsapps.timeToTransfer', '>', 0)
      .where('whatsapps.transferQueueId', 'is not', null)
      .where(
        sql<boolean>`ticket_tracking.queued_at + make_interval(mins => whatsapps.time_to_transfer) <= ${now}::timestamptz`,
      )
      .select(['tickets.companyId', 'tickets.id as ticketId'])
      .distinct()
      .orderBy('tickets.id')
      .execute(),
  );
  return handleEach(ctx, candidates, (companyId, ticketId) =>
    ctx.scopes.tenant(companyId).run((tx) => transferWaiting(tx, env, ticketId, now)),
  );
}

async function transferWaiting(tx: TenantTx, env: TicketsEnv, ticketId: number, now: Date): Promise<boolean> {
  const held = await lockTicketChat(tx, ticketId);
  if (!held) return false;
  const { ticket } = held;
  if (ticket.status !== 'pending' || ticket.queueId !== null || ticket.userId !== null) return false;
  const connection = await tx
    .selectFrom('whatsapps')
    .where('id', '=', ticket.whatsappId)
    .select(['timeToTransfer', 'transferQueueId'])
    .executeTakeFirst();
  if (!connection || connection.timeToTransfer <= 0 || connection.transferQueueId === null) return false;
  const cycle = await currentCycle(tx, ticket);
  if (cycle.queuedAt.getTime() + connection.timeToTransfer * 60_000 > now.getTime()) return false;
  await transferTicket(tx, env, ticket, { queueId: connection.transferQueueId });
  return true;
}

export function autoTransferJob(ctx: AppContext, env: TicketsEnv) {
  return periodicSweepJob(AUTO_TRANSFER_JOB, () => sweepAutoTransfers(ctx, env));
}
