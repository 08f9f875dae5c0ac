import type { Selectable, Updateable } from 'kysely';
import type { TicketTrackingTable } from '../../platform/db/schema';
import type { TenantTx } from '../../platform/tenancy';
import { startCycle } from './ticket-lifecycle';
import type { TicketRow } from './tickets.repository';

export type CycleRow = Selectable<TicketTrackingTable>;

/** The ticket's current attendance cycle (finishedAt null), locked; a missing one is opened now. */
export async function currentCycle(tx: TenantTx, ticket: TicketRow): Promise<CycleRow> {
  const find = () =>
    tx
      .selectFrom('ticketTracking')
      .where('ticketId', '=', ticket.id)
      .where('finishedAt', 'is', null)
      .orderBy('id', 'desc')
      .selectAll()
      .forUpdate()
      .executeTakeFirst();
  const found = await find();
  if (found) return found;
  await startCycle(tx, ticket);
  const started = await find();
  if (!started) throw new Error(`no cycle for ticket ${ticket.id}`);
  return started;
}

/** The latest cycle of a ticket, finished or not. */
export function latestCycle(tx: TenantTx, ticketId: number): Promise<CycleRow | undefined> {
  return tx
    .selectFrom('ticketTracking')
    .where('ticketId', '=', ticketId)
    .orderBy('id', 'desc')
    .selectAll()
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Moves the current cycle along a change of the ticket (server-behaviour 5.4): return → queued again without
 * agent; queue change → queued again in the new queue; accept → started by the new owner; an agent taking over
 * an open ticket becomes the cycle's agent.
 */
export async function followCycle(
  tx: TenantTx,
  before: TicketRow,
  after: TicketRow,
  now: Date,
): Promise<void> {
  const cycle = await currentCycle(tx, after);
  const set: Updateable<TicketTrackingTable> = {};
  if (after.status === 'pending') {
    if (before.status !== 'pending') Object.assign(set, { queuedAt: now, startedAt: null, userId: null });
  }
  if (after.queueId !== before.queueId) Object.assign(set, { queuedAt: now, queueId: after.queueId });
  if (after.whatsappId !== before.whatsappId) set.whatsappId = after.whatsappId;
  if (after.status === 'open' && after.userId !== null) {
    if (before.status === 'pending' || cycle.startedAt === null) set.startedAt = now;
    if (after.userId !== cycle.userId) set.userId = after.userId;
  }
  if (Object.keys(set).length === 0) return;
  await tx
    .updateTable('ticketTracking')
    .set({ ...set, updatedAt: now })
    .where('id', '=', cycle.id)
    .execute();
}

/** A staff reopen: a new cycle, started at once by the owner. */
export async function startStaffCycle(tx: TenantTx, ticket: TicketRow, now: Date): Promise<void> {
  await startCycle(tx, ticket);
  if (ticket.status !== 'open') return;
  await tx
    .updateTable('ticketTracking')
    .set({ queuedAt: now, startedAt: now, updatedAt: now })
    .where('ticketId', '=', ticket.id)
    .where('finishedAt', 'is', null)
    .execute();
}

/** Ends an attendance cycle (the ticket closed). */
export async function finishCycle(tx: TenantTx, cycleId: number, now: Date): Promise<void> {
  await tx
    .updateTable('ticketTracking')
    .set({ finishedAt: now, updatedAt: now })
    .where('id', '=', cycleId)
    .execute();
}

/** Marks the cycle's rating as asked: the customer's next reply is read as the rating. */
export async function markRatingAsked(tx: TenantTx, cycleId: number, now: Date): Promise<void> {
  await tx
    .updateTable('ticketTracking')
    .set({ ratingAt: now, awaitingRating: true, updatedAt: now })
    .where('id', '=', cycleId)
    .execute();
}
