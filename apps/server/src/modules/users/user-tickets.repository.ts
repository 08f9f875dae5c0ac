import type { TenantTx } from '../../platform/tenancy';

export interface ReleasedTicket {
  id: number;
  queueId: number | null;
}

/**
 * Returns a user's open tickets to the queue: pending without owner, and their current attendance cycle
 * waits again (queuedAt now, startedAt and userId cleared), as a "return" does (server-behaviour 5.4).
 */
export async function releaseOpenTickets(tx: TenantTx, userId: number): Promise<ReleasedTicket[]> {
  const tickets = await tx
    .updateTable('tickets')
    .set({ status: 'pending', userId: null, updatedAt: new Date() })
    .where('userId', '=', userId)
    .where('status', '=', 'open')
    .returning(['id', 'queueId'])
    .execute();
  if (tickets.length === 0) return [];
  const now = new Date();
  await tx
    .updateTable('ticketTracking')
    .set({ queuedAt: now, startedAt: null, userId: null, updatedAt: now })
    .where(
      'ticketId',
      'in',
      tickets.map((t) => t.id),
    )
    .where('finishedAt', 'is', null)
    .execute();
  return tickets;
}
