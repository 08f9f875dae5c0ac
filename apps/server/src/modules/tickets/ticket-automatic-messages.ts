import type { TenantTx } from '../../platform/tenancy';
import { messageVariables, renderTemplate, storeOutgoing, type Defer } from '../../messaging/outbound';
import type { OutgoingEnv } from '../../messaging/outbound/store-outgoing';
import { getSetting } from '../settings';
import type { CycleRow } from './ticket-cycles';
import { ratingRequestText } from './ticket-notices';
import type { TicketRow } from './tickets.repository';

/**
 * Stores a system message in the ticket (isAutomatic, origin system) and queues it in the outbox; its events
 * go through `defer`. Answers the ticket as the message left it.
 */
export async function sendAutomatic(
  tx: TenantTx,
  env: OutgoingEnv,
  ticket: TicketRow,
  text: string,
  defer: Defer,
): Promise<TicketRow> {
  if (ticket.whatsappId === null || text.trim() === '') return ticket;
  const contact = await tx
    .selectFrom('contacts')
    .where('id', '=', ticket.contactId)
    .selectAll()
    .executeTakeFirstOrThrow();
  const body = renderTemplate(
    text,
    messageVariables({ contactName: contact.name, ticketId: ticket.id, timeZone: env.ctx.config.timeZone }),
  );
  const sent = await storeOutgoing(tx, env, {
    ticket,
    contact,
    parts: [{ body }],
    origin: 'system',
    isAutomatic: true,
    defer,
  });
  return sent.ticket;
}

/**
 * What a closed ticket says to the customer (server-behaviour 5.4): the rating request when ratings are on, the
 * cycle had an agent and none was asked yet (the completion message then waits for the reply); otherwise the
 * connection's completion message. Groups get nothing.
 */
export async function sendClosingMessages(
  tx: TenantTx,
  env: OutgoingEnv,
  ticket: TicketRow,
  cycle: CycleRow | undefined,
  options: { rating: boolean; completion: boolean; defer: Defer },
): Promise<TicketRow> {
  if (ticket.isGroup || ticket.whatsappId === null) return ticket;
  const whatsapp = await tx
    .selectFrom('whatsapps')
    .where('id', '=', ticket.whatsappId)
    .select(['ratingMessage', 'complationMessage'])
    .executeTakeFirst();
  if (!whatsapp) return ticket;
  const asksRating =
    options.rating &&
    cycle !== undefined &&
    cycle.userId !== null &&
    cycle.ratingAt === null &&
    (await getSetting(tx, 'userRating')) === 'enabled';
  if (asksRating) {
    const now = new Date();
    await tx
      .updateTable('ticketTracking')
      .set({ ratingAt: now, awaitingRating: true, updatedAt: now })
      .where('id', '=', cycle.id)
      .execute();
    return sendAutomatic(tx, env, ticket, ratingRequestText(whatsapp.ratingMessage), options.defer);
  }
  if (!options.completion) return ticket;
  return sendAutomatic(tx, env, ticket, whatsapp.complationMessage, options.defer);
}
