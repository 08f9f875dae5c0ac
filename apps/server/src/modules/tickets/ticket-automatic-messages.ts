import type { Defer, TenantTx } from '../../platform/tenancy';
import { getSetting } from '../settings';
import { markRatingAsked, type CycleRow } from './ticket-cycles';
import type { TicketsEnv } from './ticket-messages.port';
import { ratingRequestText } from './ticket-notices';
import { closingTexts, type TicketRow } from './tickets.repository';

/**
 * What a closed ticket says to the customer (server-behaviour 5.4): the rating request when ratings are on, the
 * cycle had an agent and none was asked yet (the completion message then waits for the reply); otherwise the
 * connection's completion message. Groups get nothing.
 */
export async function sendClosingMessages(
  tx: TenantTx,
  env: TicketsEnv,
  ticket: TicketRow,
  cycle: CycleRow | undefined,
  options: { rating: boolean; completion: boolean; defer: Defer },
): Promise<TicketRow> {
  if (ticket.isGroup || ticket.whatsappId === null) return ticket;
  const whatsapp = await closingTexts(tx, ticket.whatsappId);
  if (!whatsapp) return ticket;
  const asksRating =
    options.rating &&
    cycle !== undefined &&
    cycle.userId !== null &&
    cycle.ratingAt === null &&
    (await getSetting(tx, 'userRating')) === 'enabled';
  if (asksRating) {
    await markRatingAsked(tx, cycle.id, new Date());
    return env.messages.sendAutomatic(tx, ticket, ratingRequestText(whatsapp.ratingMessage), options.defer);
  }
  if (!options.completion) return ticket;
  return env.messages.sendAutomatic(tx, ticket, whatsapp.complationMessage, options.defer);
}
