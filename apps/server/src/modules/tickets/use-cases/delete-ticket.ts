import { rooms } from '@zapdesk/contracts';
import type { AppContext } from '../../../platform/context';
import { AppError } from '../../../platform/http/app-error';
import type { TenantScope } from '../../../platform/tenancy';
import { leftTicketRooms } from '../tickets.events';

/**
 * DELETE /tickets/:id (admin, server-behaviour 5.5): the ticket with its messages, notes, tags, cycles and ratings
 * (the foreign keys cascade); `delete` to its status, queue, company and ticket rooms.
 */
export function deleteTicket(ctx: AppContext, scope: TenantScope, id: number): Promise<{ message: string }> {
  return scope.run(async (tx) => {
    const ticket = await tx
      .deleteFrom('tickets')
      .where('id', '=', id)
      .returning(['id', 'status', 'queueId', 'userId'])
      .executeTakeFirst();
    if (!ticket) throw AppError.notFound('ERR_NO_TICKET_FOUND');
    const companyId = tx.companyId;
    const targets = [
      ...leftTicketRooms(companyId, ticket),
      rooms.companyNotification(companyId),
      ticket.queueId !== null
        ? rooms.queueNotification(ticket.queueId)
        : rooms.queueNullNotification(companyId),
      rooms.ticket(ticket.id),
    ];
    tx.afterCommit(() =>
      ctx.realtime.emitToRooms(companyId, [...new Set(targets)], 'ticket', {
        action: 'delete',
        ticketId: ticket.id,
      }),
    );
    return { message: 'Ticket deleted' };
  });
}
