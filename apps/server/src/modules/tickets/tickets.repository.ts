import type { Selectable, Updateable } from 'kysely';
import type { Actor } from '../../platform/auth/actor';
import type { TicketsTable } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import type { TenantTx } from '../../platform/tenancy';
import { canSeeTicket } from './tickets.policy';

export type TicketRow = Selectable<TicketsTable>;

export function findTicket(tx: TenantTx, id: number): Promise<TicketRow | undefined> {
  return tx.selectFrom('tickets').where('id', '=', id).selectAll().executeTakeFirst();
}

/** The ticket if the actor may see it: another company's (or a missing) id is 404, an invisible one 403. */
export async function getVisibleTicket(
  tx: TenantTx,
  actor: Actor,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<TicketRow> {
  let query = tx.selectFrom('tickets').where('id', '=', id).selectAll();
  if (options.forUpdate) query = query.forUpdate();
  return visibleTo(actor, await query.executeTakeFirst(), (ticket) => ticket);
}

/** What was found for a ticket, or 404 when nothing was and 403 when the actor may not see its row. */
export function visibleTo<T>(actor: Actor, found: T | undefined, rowOf: (found: T) => TicketRow): T {
  if (found === undefined) throw AppError.notFound('ERR_NO_TICKET_FOUND');
  if (!canSeeTicket(actor, rowOf(found))) throw AppError.forbidden();
  return found;
}

/** Writes a ticket's new state (a transition's outcome) and answers the row as stored. */
export function updateTicketRow(tx: TenantTx, id: number, set: Updateable<TicketsTable>): Promise<TicketRow> {
  return tx.updateTable('tickets').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** The names a transfer notice quotes: the queue's and the agent's (undefined when absent or unknown). */
export async function transferNames(
  tx: TenantTx,
  ids: { queueId: number | null; userId: number | null },
): Promise<{ queueName: string | undefined; userName: string | undefined }> {
  const queue =
    ids.queueId === null
      ? undefined
      : await tx.selectFrom('queues').where('id', '=', ids.queueId).select('name').executeTakeFirst();
  const user =
    ids.userId === null
      ? undefined
      : await tx.selectFrom('users').where('id', '=', ids.userId).select('name').executeTakeFirst();
  return { queueName: queue?.name, userName: user?.name };
}

/** The texts a connection sends when one of its tickets closes. */
export function closingTexts(
  tx: TenantTx,
  whatsappId: number,
): Promise<{ ratingMessage: string; complationMessage: string } | undefined> {
  return tx
    .selectFrom('whatsapps')
    .where('id', '=', whatsappId)
    .select(['ratingMessage', 'complationMessage'])
    .executeTakeFirst();
}
