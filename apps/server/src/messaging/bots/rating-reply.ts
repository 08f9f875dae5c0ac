import { ratingRequestText, type TicketRow } from '../../modules/tickets';
import type { TenantTx } from '../../platform/tenancy';
import { loadContact, sendAutomatic, type BotEnv } from './bot-send';
import { updateCycle, type CycleRow } from './bot-state';
import { decideRatingReply } from './rating-decision';

/** A customer's message that answers a pending rating: a rate, or a reply that gets the prompt again. */
export interface RatingReply {
  cycle: CycleRow;
  rate: number | null;
}

/**
 * Checked before find-or-create (server-behaviour 7.2 step 6): answers the rating reply when the contact's closed
 * ticket on this connection awaits one; a reply that abandons the rating clears it and answers nothing, so the
 * message reopens the ticket as a new conversation.
 */
export async function findRatingReply(
  tx: TenantTx,
  key: { contactId: number; whatsappId: number },
  body: string,
  now = new Date(),
): Promise<RatingReply | undefined> {
  const cycle = await tx
    .selectFrom('ticketTracking')
    .innerJoin('tickets', 'tickets.id', 'ticketTracking.ticketId')
    .where('tickets.contactId', '=', key.contactId)
    .where('tickets.whatsappId', '=', key.whatsappId)
    .where('tickets.status', '=', 'closed')
    .selectAll('ticketTracking')
    .orderBy('ticketTracking.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!cycle) return undefined;
  const decision = decideRatingReply(cycle, body, now);
  switch (decision.kind) {
    case 'none':
      return undefined;
    case 'abandon':
      await updateCycle(tx, cycle.id, { awaitingRating: false });
      return undefined;
    case 'rate':
      return { cycle, rate: decision.rate };
    case 'reask':
      return { cycle, rate: null };
  }
}

/**
 * After the reply is stored in the (still closed) ticket: a rate is recorded for the cycle's agent and the
 * completion message sent; anything else gets the rating prompt again, counted.
 */
export async function answerRatingReply(env: BotEnv, ticket: TicketRow, reply: RatingReply): Promise<void> {
  const { tx } = env;
  const { cycle } = reply;
  const connection =
    ticket.whatsappId === null ? undefined : await env.cache.connection(tx, ticket.whatsappId);
  if (!connection) return;
  const contact = await loadContact(tx, ticket.contactId);
  if (reply.rate === null) {
    await updateCycle(tx, cycle.id, { ratingAsks: cycle.ratingAsks + 1 });
    await sendAutomatic(env, ticket, contact, ratingRequestText(connection.ratingMessage));
    return;
  }
  await tx
    .insertInto('userRatings')
    .values({
      companyId: tx.companyId,
      rate: reply.rate,
      trackingId: cycle.id,
      ticketId: ticket.id,
      userId: cycle.userId,
    })
    .execute();
  await updateCycle(tx, cycle.id, { rated: true, awaitingRating: false });
  await sendAutomatic(env, ticket, contact, connection.complationMessage);
}
