import type { ContactRow } from '../../modules/contacts';
import type { TicketRow } from '../../modules/tickets';
import { loadContact, type BotEnv } from './bot-send';
import { guardOf, send, type BotTurn } from './bot-turn';
import { loadQueue, type QueueRow } from './bot-data';
import {
  assignQueue,
  clearedBotState,
  countMenu,
  currentCycle,
  type CycleRow,
  emitTicketChange,
  updateCycle,
  updateTicket,
} from './bot-state';
import { mayAnswerInvalid } from './loop-guard';
import { decideMainMenu } from './main-menu';
import { closedQueueText, mainMenuText } from './menu-texts';
import { continueBot, startConnectionBot } from './bot-start';
import { runQueueOptions, startQueue } from './queue-bot-options';
import { isWithinHours, readHours } from './service-hours';

const HOUR_MS = 60 * 60_000;

/**
 * Server-behaviour 7.2 steps 9–15 for a customer's message in a non-group ticket; prompts and integrations
 * (12, 13) queue a bot turn the bot worker answers after the commit. Campaign confirmation (8) is elsewhere. `contact` is the ticket's
 * contact when the caller has it at hand (saves a read).
 */
export async function runQueueBot(
  env: BotEnv,
  ticket: TicketRow,
  body: string,
  contact?: ContactRow,
  /** The ticket's current cycle when the caller read it in this transaction (null: none). */
  knownCycle?: CycleRow | null,
  /** The stored customer message, for a prompt or an integration to answer. */
  messageId?: number,
): Promise<void> {
  // An attendant owns the conversation: nothing to read, nothing to do.
  if (ticket.userId !== null || ticket.whatsappId === null) return;
  const connection = await env.cache.connection(env.tx, ticket.whatsappId);
  const cycle = connection && (knownCycle === undefined ? await currentCycle(env.tx, ticket.id) : knownCycle);
  if (!connection || !cycle) return;
  const turn: BotTurn = {
    env,
    ticket,
    cycle,
    connection,
    contact: contact?.id === ticket.contactId ? contact : await loadContact(env.tx, ticket.contactId),
    scheduleType: await env.cache.setting(env.tx, 'scheduleType'),
    body: body.trim(),
    messageId,
  };

  if (turn.body === '#') return restartMenu(turn);
  if (
    turn.scheduleType === 'company' &&
    !isWithinHours(readHours(await env.cache.companySchedules(env.tx)), env.ctx.config.timeZone, env.now)
  ) {
    await sendOutOfHours(turn, connection.outOfHoursMessage);
    return;
  }
  if (ticket.useIntegration) return continueBot(turn);
  if (ticket.queueId === null) {
    if (await startConnectionBot(turn)) return;
    return runMainMenu(turn, cycle.menuSends === 0);
  }
  const queue = await loadQueue(env.tx, ticket.queueId);
  if (!queue) return;
  if (turn.scheduleType === 'queue' && queue.outOfHoursMessage.trim() !== '' && !queueOpen(turn, queue)) {
    await sendOutOfHours(turn, queue.outOfHoursMessage);
    return;
  }
  if (ticket.chatbot) await runQueueOptions(turn, queue);
}

/** "#": back to no queue with the bot state and the menu counter reset, and the main menu again (step 10). */
async function restartMenu(turn: BotTurn): Promise<void> {
  const { env, ticket } = turn;
  const updated = await updateTicket(env.tx, ticket.id, { ...clearedBotState, queueId: null });
  await updateCycle(env.tx, turn.cycle.id, { menuSends: 0, chatbotAt: null, queueId: null });
  if (ticket.queueId !== null) await emitTicketChange(env, ticket, updated);
  await runMainMenu(
    { ...turn, ticket: updated, cycle: { ...turn.cycle, menuSends: 0, chatbotAt: null } },
    true,
  );
}

/** Server-behaviour 7.4, for a ticket without queue. */
async function runMainMenu(turn: BotTurn, firstOfCycle: boolean): Promise<void> {
  const { env, connection } = turn;
  const queues = await env.cache.connectionQueues(env.tx, connection.id);
  const step = decideMainMenu({
    queues: queues.map((q) => ({
      id: q.id,
      name: q.name,
      closed: turn.scheduleType === 'queue' && !queueOpen(turn, q),
    })),
    body: turn.body,
    firstOfCycle,
    mayAnswerInvalid: mayAnswerInvalid(guardOf(turn), env.now),
  });
  switch (step.kind) {
    case 'silent':
      return;
    case 'greeting':
      await send(turn, connection.greetingMessage);
      await countMenu(env.tx, turn.cycle, env.now);
      return;
    case 'menu':
      await send(
        turn,
        mainMenuText(
          connection.greetingMessage,
          queues.map((q) => q.name),
          step.invalid,
        ),
      );
      await countMenu(env.tx, turn.cycle, env.now);
      return;
    case 'closedQueue': {
      const queue = queues.find((q) => q.id === step.queue.id);
      await send(turn, closedQueueText(queue?.outOfHoursMessage ?? ''));
      return;
    }
    case 'assign': {
      const queue = queues.find((q) => q.id === step.queue.id);
      if (!queue) return;
      if (step.single && (await env.cache.setting(env.tx, 'sendGreetingMessageOneQueues')) === 'enabled') {
        await send(turn, connection.greetingMessage);
      }
      const ticket = await assignQueue(env, turn.ticket, turn.cycle, queue.id);
      // With one queue the message goes on to the queue's bot; a picked position is not forwarded (7.4).
      await startQueue({ ...turn, ticket }, queue, step.single);
      return;
    }
  }
}

/** Out-of-hours text at most once an hour per ticket (kept on the cycle); the ticket stays as it is. */
async function sendOutOfHours(turn: BotTurn, text: string): Promise<void> {
  const { env, cycle } = turn;
  const last = cycle.lastOutOfHoursAt;
  if (text.trim() === '' || (last && env.now.getTime() - last.getTime() < HOUR_MS)) return;
  await send(turn, text);
  await updateCycle(env.tx, cycle.id, { lastOutOfHoursAt: env.now });
}

function queueOpen(turn: BotTurn, queue: QueueRow): boolean {
  return isWithinHours(readHours(queue.schedules), turn.env.ctx.config.timeZone, turn.env.now);
}
