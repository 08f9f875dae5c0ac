import type { ContactRow } from '../../modules/contacts';
import type { TicketRow } from '../../modules/tickets';
import type { ConnectionRow } from './bot-data';
import type { BotMedia } from './bot-data';
import { sendAutomatic, type BotEnv } from './bot-send';
import type { CycleRow } from './bot-state';
import type { LoopGuard } from './loop-guard';

/** One customer message meeting the bot: its ticket, contact, cycle and connection. */
export interface BotTurn {
  env: BotEnv;
  ticket: TicketRow;
  contact: ContactRow;
  cycle: CycleRow;
  connection: ConnectionRow;
  scheduleType: string;
  body: string;
  /** The customer's stored message, which a prompt or an integration answers (bot turns). */
  messageId?: number;
}

export function guardOf(turn: BotTurn): LoopGuard {
  return {
    menuSends: turn.cycle.menuSends,
    chatbotAt: turn.cycle.chatbotAt,
    maxUseBotQueues: turn.connection.maxUseBotQueues,
    timeUseBotQueues: turn.connection.timeUseBotQueues,
  };
}

/** Sends a bot text in the turn's ticket and keeps the turn's ticket current. */
export async function send(turn: BotTurn, text: string, media?: BotMedia): Promise<TicketRow> {
  turn.ticket = await sendAutomatic(turn.env, turn.ticket, turn.contact, text, 'bot', media);
  return turn.ticket;
}
