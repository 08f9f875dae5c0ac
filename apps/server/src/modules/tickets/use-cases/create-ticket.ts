import { sql } from 'kysely';
import type { CreateTicketInput, TicketView } from '@zapdesk/contracts';
import { validationMessages } from '@zapdesk/contracts';
import { isAdmin, type Actor } from '../../../platform/auth/actor';
import { AppError } from '../../../platform/http/app-error';
import type { TenantScope, TenantTx } from '../../../platform/tenancy';
import { findDefaultConnection } from '../../whatsapps';
import { refuseOtherOpenTicket } from '../ticket-conflicts';
import { findOrCreateTicketQuietly } from '../ticket-lifecycle';
import { reopenTicket } from '../ticket-verbs';
import type { TicketsEnv } from '../ticket-messages.port';
import { loadTicketView } from '../tickets.presenter';
import { checkTicketReferences } from './ticket-references';

/**
 * POST /tickets (server-behaviour 5.3): the contact's ticket on the chosen connection, open and owned by the
 * caller with a new started cycle; refused with ERR_OTHER_OPEN_TICKET when the contact is being served.
 */
export function createTicket(
  env: TicketsEnv,
  actor: Actor,
  scope: TenantScope,
  input: CreateTicketInput,
): Promise<TicketView> {
  return scope.run(async (tx) => {
    const contact = await tx
      .selectFrom('contacts')
      .where('id', '=', input.contactId)
      .select(['id', 'isGroup'])
      .executeTakeFirst();
    if (!contact) throw AppError.notFound('ERR_NO_CONTACT_FOUND');
    await lockOpeningFor(tx, contact.id);
    const queueId = input.queueId ?? null;
    await checkTicketReferences(tx, { queueId });
    if (!isAdmin(actor)) {
      if (queueId === null) throw AppError.validation({ queueId: validationMessages.required });
      if (!actor.queueIds.includes(queueId)) throw AppError.forbidden();
    }
    const connection = await findDefaultConnection(tx, input.whatsappId, actor.userId);
    await refuseOtherOpenTicket(tx, contact.id);
    const found = await findOrCreateTicketQuietly(tx, {
      contactId: contact.id,
      whatsappId: connection.id,
      isGroup: contact.isGroup,
    });
    // Closed (or made just now, closed): refuseOtherOpenTicket above found no open or pending one.
    const ticket = await reopenTicket(tx, env, found.ticket, actor.userId, { queueId });
    return loadTicketView(tx, env.ctx.config.frontendUrl, ticket.id);
  });
}

/**
 * Serialises ticket openings for one contact until commit: two agents opening the same contact at once are served
 * in turn, and the second meets the first one's ticket (ERR_OTHER_OPEN_TICKET) instead of both being told yes.
 * An advisory lock rather than the contact row, which inbound processing updates after locking the ticket: taking
 * the row first here could deadlock with it.
 */
async function lockOpeningFor(tx: TenantTx, contactId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`ticket-open:${contactId}`}, 0))`.execute(
    tx.unscoped(),
  );
}
