import { planAllows, type QueueRow } from './bot-data';
import { emitTicketChange, updateCycle, updateTicket } from './bot-state';
import type { BotTurn } from './bot-turn';
import { insertBotTurn } from './turns/bot-turns.repository';

type BotRef = { promptId: number; integrationId: null } | { promptId: null; integrationId: number };

function refOf(link: { promptId: number | null; integrationId: number | null }): BotRef | undefined {
  if (link.promptId !== null) return { promptId: link.promptId, integrationId: null };
  if (link.integrationId !== null) return { promptId: null, integrationId: link.integrationId };
  return undefined;
}

/** Whether the company's plan still lets this bot answer (the plan may have lost the flag since it started). */
async function planLets(turn: BotTurn, bot: BotRef): Promise<boolean> {
  return planAllows(await turn.env.cache.planFlags(turn.env.tx), bot);
}

/**
 * Step 12: the ticket's bot answers the message, unless it handed this cycle to people. A bot whose plan flag
 * went away answers nothing more: it is switched off for the cycle and the ticket waits for a human.
 */
export async function continueBot(turn: BotTurn): Promise<void> {
  const bot = refOf(turn.ticket);
  if (!bot || turn.cycle.botOff) return;
  if (!(await planLets(turn, bot))) return switchOff(turn);
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
  if (!turn.cycle.botOff && (await planLets(turn, bot))) await startBot(turn, bot, true);
  return true;
}

/**
 * 7.4: a queue just assigned with a prompt or an integration hands it the ticket; when the plan no longer lets
 * that bot answer, the ticket waits in the queue for a human.
 */
export async function startQueueBot(turn: BotTurn, queue: QueueRow, forward: boolean): Promise<boolean> {
  const bot = refOf(queue);
  if (!bot) return false;
  if (await planLets(turn, bot)) await startBot(turn, bot, forward);
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

/** The ticket's bot off for the rest of the cycle (bot fields cleared), as a hand-off to people does. */
async function switchOff(turn: BotTurn): Promise<void> {
  const { env } = turn;
  const before = turn.ticket;
  turn.ticket = await updateTicket(env.tx, before.id, {
    useIntegration: false,
    promptId: null,
    integrationId: null,
    typebotSessionId: null,
  });
  await updateCycle(env.tx, turn.cycle.id, { botOff: true });
  turn.cycle = { ...turn.cycle, botOff: true };
  await emitTicketChange(env, before, turn.ticket);
}

/** Queues the bot's answer to this message (once per message); the worker is woken after the commit. */
async function queueTurn(turn: BotTurn, bot: BotRef): Promise<void> {
  if (turn.messageId === undefined) return;
  const queued = await insertBotTurn(turn.env.tx, {
    ticketId: turn.ticket.id,
    messageId: turn.messageId,
    ...bot,
    // This node is woken right after the commit and claims it first (other nodes after a grace period).
    queuedBy: turn.env.ctx.config.nodeId,
  });
  const kick = turn.env.kickBots;
  if (kick) turn.env.defer(() => kick(queued));
}
