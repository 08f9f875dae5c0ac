import { sql } from 'kysely';
import type { TicketsEnv } from '../ticket-messages.port';
import type { AppContext } from '../../../platform/context';
import { periodicSweepJob } from '../../../platform/jobs/define-job';
import type { TenantTx } from '../../../platform/tenancy';
import { chatIdOfContact, lockChat } from '../../contacts';
import { resolveTicket } from '../ticket-verbs';
import type { TicketRow } from '../tickets.repository';
import { activeCompany } from './active-companies';
import { handleEach } from './sweep-candidates';

export const TICKET_EXPIRY_JOB = 'ticket-expiry';

/**
 * Server-behaviour 9, ticket expiry: open non-group tickets whose last message is ours and older than the
 * connection's `expiresTicket` minutes get its `expiresInactiveMessage` (if set) and are closed without rating
 * nor completion message. `now` is the sweep's clock. Answers how many tickets were closed.
 */
export async function sweepExpiredTickets(
  ctx: AppContext,
  env: TicketsEnv,
  now = new Date(),
): Promise<number> {
  const candidates = await ctx.scopes.asSystem((tx) =>
    tx.db
      .selectFrom('tickets')
      .innerJoin('whatsapps', 'whatsapps.id', 'tickets.whatsappId')
      .innerJoin('companies', 'companies.id', 'tickets.companyId')
      .where(activeCompany(ctx.config.timeZone, now))
      .where('tickets.status', '=', 'open')
      .where('tickets.isGroup', '=', false)
      .where('tickets.fromMe', '=', true)
      .where('whatsapps.expiresTicket', '>', 0)
      .where(
        sql<boolean>`tickets.updated_at < ${now}::timestamptz - make_interval(mins => whatsapps.expires_ticket)`,
      )
      .select(['tickets.companyId', 'tickets.id as ticketId'])
      .orderBy('tickets.id')
      .execute(),
  );
  return handleEach(ctx, candidates, (companyId, ticketId) =>
    ctx.scopes.tenant(companyId).run((tx) => expireTicket(tx, env, ticketId, now)),
  );
}

async function expireTicket(tx: TenantTx, env: TicketsEnv, ticketId: number, now: Date): Promise<boolean> {
  const held = await lockTicketChat(tx, ticketId);
  if (!held) return false;
  const { ticket } = held;
  const connection = await tx
    .selectFrom('whatsapps')
    .where('id', '=', ticket.whatsappId)
    .select(['expiresTicket', 'expiresInactiveMessage'])
    .executeTakeFirst();
  // Checked again under the chat's lock: a message may have arrived since the sweep looked.
  const expired =
    connection !== undefined &&
    connection.expiresTicket > 0 &&
    ticket.status === 'open' &&
    !ticket.isGroup &&
    ticket.fromMe &&
    ticket.updatedAt.getTime() < now.getTime() - connection.expiresTicket * 60_000;
  if (!expired) return false;
  const defer = (fn: () => void) => tx.afterCommit(fn);
  const sent = await env.messages.sendAutomatic(tx, ticket, connection.expiresInactiveMessage, defer);
  await resolveTicket(tx, env, sent, { rating: false, completion: false, defer });
  return true;
}

/** Takes the ticket's chat section (our sends and inbound processing share it), then the ticket row. */
export async function lockTicketChat(tx: TenantTx, ticketId: number) {
  const first = await tx.selectFrom('tickets').where('id', '=', ticketId).selectAll().executeTakeFirst();
  if (!first || first.whatsappId === null) return undefined;
  const contact = await tx
    .selectFrom('contacts')
    .where('id', '=', first.contactId)
    .selectAll()
    .executeTakeFirstOrThrow();
  await lockChat(tx, first.whatsappId, chatIdOfContact(contact));
  const ticket: TicketRow | undefined = await tx
    .selectFrom('tickets')
    .where('id', '=', ticketId)
    .selectAll()
    .forUpdate()
    .executeTakeFirst();
  return ticket ? { ticket, contact } : undefined;
}

export function ticketExpiryJob(ctx: AppContext, env: TicketsEnv) {
  return periodicSweepJob(TICKET_EXPIRY_JOB, () => sweepExpiredTickets(ctx, env));
}
