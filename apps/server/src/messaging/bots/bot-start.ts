import type { QueueRow } from './bot-data';
import { emitTicketChange, updateTicket } from './bot-state';
import type { BotTurn } from './bot-turn';
import { insertBotTurn } from './turns/bot-turns.repository';

type BotRef = { promptId: number; integrationId: null } | { promptId: null; integrationId: number };

function refOf(link: { promptId: number | null; integrationId: number | null }): BotRef | undefined {
  if (link.promptId !== null) return { promptId: link.promptId, integrationId: null };
  if (link.integrationId !== null) return { promptId: null, integrationId: link.integrationId };
  return undefined;
}

/** Step 12: the ticket's bot answers the message, unless it handed this cycle to people. */
export async function continueBot(turn: BotTurn): Promise<void> {
  const bot = refOf(turn.ticket);
  if (!bot || turn.cycle.botOff) return;
  await queueTurn(turn, bot);
}

/**
 * Step 13, a ticket without queue: the connection's prompt, else its integration, takes the ticket and answers.
 * Answers false when the connection has neither (the main menu follows); once the bot handed the cycle to
 * people it stays silent and the ticket waits.
 */
export async function startConnectionBot(turn: BotTurn): Promise<boolean> {
  const bot = refOf(turn.connection);
  if (!bot) return false;
  if (!turn.cycle.botOff) await startBot(turn, bot, true);
  return true;
}

/** 7.4: a queue just assigned with a prompt or an integration hands it the ticket. */
export async function startQueueBot(turn: BotTurn, queue: QueueRow, forward: boolean): Promise<boolean> {
  const bot = refOf(queue);
  if (!bot) return false;
  await startBot(turn, bot, forward);
  return true;
}

async function startBot(turn: BotTurn, bot: BotRef, forward: boolean): Promise<void> {
  const { env } = turn;
  const before = turn.ticket;
  turn.ticket = await updateTicket(env.tx, before.id, {
    useIntegration: true,
    ...bot,
    typebotSessionId: null,
  });
  await emitTicketChange(env, before, turn.ticket);
  if (forward) await queueTurn(turn, bot);
}

/** Queues the bot's answer to this message (once per message); the worker is woken after the commit. */
async function queueTurn(turn: BotTurn, bot: BotRef): Promise<void> {
  if (turn.messageId === undefined) return;
  await insertBotTurn(turn.env.tx, { ticketId: turn.ticket.id, messageId: turn.messageId, ...bot });
  const kick = turn.env.kickBots;
  if (kick) turn.env.defer(kick);
}
