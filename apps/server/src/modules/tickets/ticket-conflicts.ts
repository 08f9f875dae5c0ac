import type { OtherOpenTicket } from '@zapdesk/contracts';
import { AppError } from '../../platform/http/app-error';
import type { TenantTx } from '../../platform/tenancy';

/**
 * Refuses with 400 ERR_OTHER_OPEN_TICKET (naming the holder, server-behaviour 5.3) when the contact has an open or
 * pending ticket other than `exceptTicketId`, optionally only on one connection; `anyStatus` also counts closed
 * ones (a connection change cannot take the place of the contact's ticket there).
 */
export async function refuseOtherOpenTicket(
  tx: TenantTx,
  contactId: number,
  options: { exceptTicketId?: number; whatsappId?: number; anyStatus?: boolean } = {},
): Promise<void> {
  let query = tx
    .selectFrom('tickets')
    .leftJoin('users', 'users.id', 'tickets.userId')
    .leftJoin('queues', 'queues.id', 'tickets.queueId')
    .where('tickets.contactId', '=', contactId)
    .select([
      'tickets.id',
      'tickets.uuid',
      'tickets.status',
      'tickets.userId',
      'users.name as userName',
      'tickets.queueId',
      'queues.name as queueName',
    ])
    .orderBy('tickets.updatedAt', 'desc')
    .limit(1);
  if (!options.anyStatus) query = query.where('tickets.status', 'in', ['open', 'pending']);
  if (options.exceptTicketId !== undefined) query = query.where('tickets.id', '<>', options.exceptTicketId);
  if (options.whatsappId !== undefined) query = query.where('tickets.whatsappId', '=', options.whatsappId);
  const other = await query.executeTakeFirst();
  if (!other) return;
  const ticket: OtherOpenTicket = {
    id: other.id,
    uuid: other.uuid,
    status: other.status,
    userId: other.userId,
    user:
      other.userId !== null && other.userName !== null ? { id: other.userId, name: other.userName } : null,
    queue:
      other.queueId !== null && other.queueName !== null
        ? { id: other.queueId, name: other.queueName }
        : null,
  };
  throw new AppError('ERR_OTHER_OPEN_TICKET', 'The contact has another open ticket', { extra: { ticket } });
}

/**
 * Refuses with 409 ERR_TICKET_ALREADY_ACCEPTED a request that opens the ticket for `callerId` when the row, read
 * under its lock, is already open with another agent: of two accepts of one pending ticket the first wins and
 * the second must not take it over. Re-accepting one's own ticket, reopening a closed one and transfers (which
 * name an agent without asking for `open`) are not refused.
 */
export function refuseTicketTakenByOther(
  before: { status: string; userId: number | null },
  callerId: number,
): void {
  if (before.status !== 'open' || before.userId === null || before.userId === callerId) return;
  throw new AppError('ERR_TICKET_ALREADY_ACCEPTED', 'The ticket was already accepted by another user', {
    extra: { userId: before.userId },
  });
}
