import type { ContactRow } from '../../../modules/contacts';
import { resolveTicket, transferTicket, type TicketRow, type TicketsEnv } from '../../../modules/tickets';
import type { TenantTx } from '../../../platform/tenancy';
import {
  sendMessage,
  ticketMessagesOf,
  type OutgoingEnv,
  type OutgoingPart,
} from '../../../modules/messages';
import { emitTicketChange, updateTicket } from '../bot-state';
import { BotCache } from '../bot-cache';
import type { BotAction } from '../runners/bot-actions';

/** Bot fields cleared when the bot hands the ticket to people (server-behaviour 8). */
const botOff = {
  useIntegration: false,
  promptId: null,
  integrationId: null,
  typebotSessionId: null,
} as const;

/** A media file the provider served, already saved in our storage. */
export interface SavedMedia {
  path: string;
  fileName: string;
  mimetype: string;
}

/**
 * Writes one action into the ticket in the caller's transaction, which holds the chat's lock (writeSteps).
 * Replies are automatic messages from the bot, stored and queued in the outbox like any other; a hand-off
 * switches the bot off for the rest of the cycle.
 */
export async function applyAction(
  tx: TenantTx,
  outbound: OutgoingEnv,
  ticket: TicketRow,
  contact: ContactRow,
  action: BotAction,
  media?: SavedMedia,
): Promise<TicketRow> {
  switch (action.kind) {
    case 'text':
      return send(tx, outbound, ticket, contact, [{ body: action.text }]);
    case 'media':
      return media ? send(tx, outbound, ticket, contact, [{ body: '', media }]) : ticket;
    case 'pause':
      return ticket;
    case 'session':
      return updateTicket(tx, ticket.id, { typebotSessionId: action.sessionId });
    case 'stopBot':
      return handOff(tx, outbound, ticket);
    case 'transfer':
      return transfer(tx, outbound, ticket, action.queueId, action.userId);
    case 'close':
      await switchCycleOff(tx, ticket.id);
      return resolveTicket(tx, ticketsEnv(outbound), ticket, { rating: false, completion: true });
  }
}

function ticketsEnv(outbound: OutgoingEnv): TicketsEnv {
  return { ctx: outbound.ctx, messages: ticketMessagesOf(outbound) };
}

function send(
  tx: TenantTx,
  outbound: OutgoingEnv,
  ticket: TicketRow,
  contact: ContactRow,
  parts: OutgoingPart[],
): Promise<TicketRow> {
  return sendMessage(tx, outbound, {
    ticket,
    contact,
    parts,
    origin: 'bot',
    isAutomatic: true,
    chatLocked: true,
  }).then((r) => r.ticket);
}

/** Bot off for the cycle; the ticket stays where it is and waits for a human. */
export async function handOff(tx: TenantTx, outbound: OutgoingEnv, ticket: TicketRow): Promise<TicketRow> {
  await switchCycleOff(tx, ticket.id);
  const updated = await updateTicket(tx, ticket.id, botOff);
  await emitTicketChange(
    {
      tx,
      ctx: outbound.ctx,
      outbound,
      defer: (fn) => tx.afterCommit(fn),
      now: new Date(),
      cache: new BotCache(),
    },
    ticket,
    updated,
  );
  return updated;
}

/** Transfer with the ids checked against the company: an unknown queue or user only stops the bot. */
async function transfer(
  tx: TenantTx,
  outbound: OutgoingEnv,
  ticket: TicketRow,
  queueId: number | null,
  userId: number | undefined,
): Promise<TicketRow> {
  const queue =
    queueId === null
      ? undefined
      : await tx.selectFrom('queues').where('id', '=', queueId).select('id').executeTakeFirst();
  if (queueId !== null && !queue) return handOff(tx, outbound, ticket);
  const user =
    userId === undefined
      ? undefined
      : await tx.selectFrom('users').where('id', '=', userId).select('id').executeTakeFirst();
  await switchCycleOff(tx, ticket.id);
  const moved = await transferTicket(
    tx,
    ticketsEnv(outbound),
    ticket,
    { queueId, ...(user ? { userId: user.id } : {}), ...botOff },
    { notify: false },
  );
  return moved.typebotSessionId === null ? moved : updateTicket(tx, moved.id, { typebotSessionId: null });
}

async function switchCycleOff(tx: TenantTx, ticketId: number): Promise<void> {
  await tx
    .updateTable('ticketTracking')
    .set({ botOff: true, updatedAt: new Date() })
    .where('ticketId', '=', ticketId)
    .where('finishedAt', 'is', null)
    .execute();
}
