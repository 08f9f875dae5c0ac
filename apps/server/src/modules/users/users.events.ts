import { rooms, type UserView } from '@zapdesk/contracts';
import type { AppContext } from '../../platform/context';
import type { TenantTx } from '../../platform/tenancy';
import type { ReleasedTicket } from './user-tickets.repository';

/** After commit: drop the cached actor and tell the company (`company-{cid}-user`). */
export function userSaved(ctx: AppContext, tx: TenantTx, action: 'create' | 'update', user: UserView): void {
  tx.afterCommit(() => {
    ctx.actors.invalidate(user.id);
    ctx.realtime.emitToCompany(tx.companyId, 'user', { action, user });
  });
}

export function userDeleted(ctx: AppContext, tx: TenantTx, userId: number): void {
  tx.afterCommit(() => {
    ctx.actors.invalidate(userId);
    ctx.realtime.emitToCompany(tx.companyId, 'user', { action: 'delete', userId });
    ctx.realtime.disconnectUser(userId);
  });
}

/**
 * After commit: the user's sockets close at once, on every node (password or profile changed, so the session
 * ended); a reconnect with the old token is refused, and rooms are built anew from the new profile.
 */
export function userSessionsRevoked(ctx: AppContext, tx: TenantTx, userId: number): void {
  tx.afterCommit(() => {
    ctx.actors.invalidate(userId);
    ctx.realtime.disconnectUser(userId);
  });
}

/** A deleted user's open tickets leave the open lists (rooms of server-behaviour 5.4's owner change). */
export function ticketsReleased(
  ctx: AppContext,
  tx: TenantTx,
  userId: number,
  tickets: ReleasedTicket[],
): void {
  const companyId = tx.companyId;
  tx.afterCommit(() => {
    for (const ticket of tickets) {
      const targets = [rooms.companyStatus(companyId, 'open'), rooms.user(userId)];
      if (ticket.queueId !== null) targets.push(rooms.queueStatus(ticket.queueId, 'open'));
      ctx.realtime.emitToRooms(companyId, targets, 'ticket', { action: 'delete', ticketId: ticket.id });
    }
  });
}
