import { confirmCampaignReply } from '../../modules/campaigns';
import type { ContactRow } from '../../modules/contacts';
import type { MessageRow } from '../../modules/messages';
import type { TicketRow } from '../../modules/tickets';
import { answerRatingReply, runQueueBot, type BotEnv, type CycleRow, type RatingReply } from '../bots';
import type { InboundEnv } from './inbound-env';

/**
 * The extension point after a customer's message is stored (server-behaviour 7.2 steps 8–15). It runs inside
 * the chat's serialised transaction, for customer messages of non-group tickets only (groups get no automation).
 * A reply to a pending rating (7.6, found before the ticket was looked up) is answered instead of the bots.
 */
export async function afterInboundStored(
  env: InboundEnv,
  ticket: TicketRow,
  message: MessageRow,
  contact: ContactRow,
  rating?: RatingReply,
  /** The ticket's open cycle when the caller read it in this transaction (null: none). */
  cycle?: CycleRow | null,
): Promise<void> {
  const bot: BotEnv = {
    tx: env.tx,
    ctx: env.ctx,
    outbound: env.outbound,
    defer: env.defer,
    now: new Date(),
    cache: env.botCache,
    kickBots: env.kickBots,
  };
  // A reply to a campaign's confirmation request (server-behaviour 10.5) confirms it; the bots still answer.
  if (ticket.whatsappId !== null) {
    await confirmCampaignReply(env.tx, { whatsappId: ticket.whatsappId, number: contact.number });
  }
  if (rating) await answerRatingReply(bot, ticket, rating);
  else await runQueueBot(bot, ticket, message.body, contact, cycle, message.id);
}
