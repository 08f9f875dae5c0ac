import { loadQueueOptions, type QueueRow } from './bot-data';
import type { BotMedia } from './bot-data';
import { countMenu, updateTicket } from './bot-state';
import { mayAnswerInvalid } from './loop-guard';
import { optionMenuText, rootMenuText } from './menu-texts';
import { childrenOf, decideOption, type BotOption } from './queue-options';
import { startQueueBot } from './bot-start';
import { guardOf, send, type BotTurn } from './bot-turn';

/**
 * A queue just assigned by the main menu: its prompt or integration takes the ticket (answering this message
 * when `forward`), else its options start at the root menu, else its greeting is sent.
 */
export async function startQueue(turn: BotTurn, queue: QueueRow, forward: boolean): Promise<void> {
  if (await startQueueBot(turn, queue, forward)) return;
  const options = await loadQueueOptions(turn.env.tx, queue.id);
  if (options.length === 0) {
    await send(turn, queue.greetingMessage, queue);
    return;
  }
  await showMenu(turn, queue, options, null);
}

/** Server-behaviour 7.5 for a ticket in a queue with `chatbot=true`. */
export async function runQueueOptions(turn: BotTurn, queue: QueueRow): Promise<void> {
  const { env } = turn;
  const options = await loadQueueOptions(env.tx, queue.id);
  const step = decideOption(options, turn.ticket.queueOptionId, turn.body);
  if (step.kind === 'leaf') {
    const leaf = options.find((o) => o.id === step.optionId);
    await send(turn, leaf?.message ?? '', leaf);
    turn.ticket = await updateTicket(env.tx, turn.ticket.id, { chatbot: false, queueOptionId: null });
    return;
  }
  if (step.invalid && !mayAnswerInvalid(guardOf(turn), env.now)) return;
  await showMenu(turn, queue, options, step.optionId);
}

/** Moves the bot to a menu (root or an option with children), sends it and counts it. */
async function showMenu(
  turn: BotTurn,
  queue: QueueRow,
  options: Array<BotOption & BotMedia>,
  optionId: number | null,
): Promise<void> {
  const { env } = turn;
  if (!turn.ticket.chatbot || turn.ticket.queueOptionId !== optionId) {
    turn.ticket = await updateTicket(env.tx, turn.ticket.id, { chatbot: true, queueOptionId: optionId });
  }
  const option = optionId === null ? undefined : options.find((o) => o.id === optionId);
  const children = childrenOf(options, optionId);
  await send(
    turn,
    option ? optionMenuText(option.message, children) : rootMenuText(queue.greetingMessage, children),
    option,
  );
  await countMenu(env.tx, turn.cycle, env.now);
}
