import type { TicketDetailView } from '@zapdesk/contracts';
import type { Actor } from '../../../platform/auth/actor';
import { AppError } from '../../../platform/http/app-error';
import type { TenantScope, TenantTx } from '../../../platform/tenancy';
import { canSeeTicket } from '../tickets.policy';
import { loadTicketView } from '../tickets.presenter';
import { getVisibleTicket } from '../tickets.repository';

/** GET /tickets/:id and /tickets/u/:uuid: visibility-checked, with the contact's extra fields and the queue's bots. */
export function getTicket(
  frontendUrl: string,
  actor: Actor,
  scope: TenantScope,
  key: { id: number } | { uuid: string },
): Promise<TicketDetailView> {
  return scope.run(async (tx) => {
    const id =
      'id' in key
        ? (await getVisibleTicket(tx, actor, key.id)).id
        : await visibleIdByUuid(tx, actor, key.uuid);
    return loadTicketDetail(tx, frontendUrl, id);
  });
}

async function visibleIdByUuid(tx: TenantTx, actor: Actor, uuid: string): Promise<number> {
  if (!/^[0-9a-f-]{36}$/i.test(uuid)) throw AppError.notFound('ERR_NO_TICKET_FOUND');
  const ticket = await tx
    .selectFrom('tickets')
    .where('uuid', '=', uuid)
    .select(['id', 'userId', 'queueId'])
    .executeTakeFirst();
  if (!ticket) throw AppError.notFound('ERR_NO_TICKET_FOUND');
  if (!canSeeTicket(actor, ticket)) throw AppError.forbidden();
  return ticket.id;
}

/** The ticket answer plus contact extraInfo and queue promptId / integrationId. */
export async function loadTicketDetail(
  tx: TenantTx,
  frontendUrl: string,
  id: number,
): Promise<TicketDetailView> {
  const view = await loadTicketView(tx, frontendUrl, id);
  const extraInfo = await tx
    .selectFrom('contactCustomFields')
    .where('contactId', '=', view.contactId)
    .select(['id', 'name', 'value'])
    .orderBy('id')
    .execute();
  const queue =
    view.queue === null
      ? null
      : await tx
          .selectFrom('queues')
          .where('id', '=', view.queue.id)
          .select(['id', 'name', 'color', 'promptId', 'integrationId'])
          .executeTakeFirst();
  return { ...view, contact: { ...view.contact, extraInfo }, queue: queue ?? null };
}
