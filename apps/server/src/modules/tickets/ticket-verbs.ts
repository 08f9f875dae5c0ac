import type { TicketStatus } from '@zapdesk/contracts';
import type { Defer, TenantTx } from '../../platform/tenancy';
import type { TicketsEnv } from './ticket-messages.port';
import { moveTicket, type TicketTarget } from './ticket-move';
import type { TicketRow } from './tickets.repository';

/**
 * The tickets' domain verbs (server-behaviour 5.4), each inside the caller's transaction: the caller holds the
 * ticket (select … for update) and has checked that the queue, user and connection it names are the company's.
 * Each answers the ticket as stored and queues its `-ticket` events for after the commit.
 */

/** What a verb may set besides its own rule; absent fields stay as they are. */
export interface TicketFields {
  userId?: number | null;
  queueId?: number | null;
  whatsappId?: number;
  useIntegration?: boolean;
  promptId?: number | null;
  integrationId?: number | null;
}

/** Fields a verb that decides the agent itself carries along. */
export type TicketFieldsBesidesAgent = Omit<TicketFields, 'userId'>;

/**
 * Accept (pending → open): `userId` becomes the owner, the cycle starts, the bot stops, unread resets. On an open
 * ticket it names its new owner.
 */
export function acceptTicket(
  tx: TenantTx,
  env: TicketsEnv,
  ticket: TicketRow,
  userId: number,
  also: TicketFieldsBesidesAgent = {},
): Promise<TicketRow> {
  return moveTicket(tx, env, ticket, targetOf(ticket, 'open', { ...also, userId }));
}

/**
 * Return (→ pending without agent): the cycle is queued again. A closed ticket comes back to wait with a new
 * cycle, refused with ERR_OTHER_OPEN_TICKET when the contact has another open one.
 */
export function returnTicket(
  tx: TenantTx,
  env: TicketsEnv,
  ticket: TicketRow,
  also: TicketFieldsBesidesAgent = {},
): Promise<TicketRow> {
  return moveTicket(tx, env, ticket, targetOf(ticket, 'pending', { ...also, userId: null }));
}

/**
 * Transfer to a queue, an agent and/or a connection; the bot fields as sent. Who holds the ticket afterwards decides
 * its status (spec 1 section 4): an agent named takes a waiting ticket; a transfer that leaves an open ticket
 * without agent puts it back to wait; a closed ticket stays closed. Bots pass `notify: false` to stay quiet.
 */
export function transferTicket(
  tx: TenantTx,
  env: TicketsEnv,
  ticket: TicketRow,
  to: TicketFields,
  options: { notify?: boolean } = {},
): Promise<TicketRow> {
  const target = targetOf(ticket, ticket.status, to);
  const ownerCleared = to.userId === null && ticket.userId !== null;
  if (target.status === 'pending' && target.userId !== null && to.userId !== undefined)
    target.status = 'open';
  else if (
    target.status === 'open' &&
    target.userId === null &&
    (target.queueId !== ticket.queueId || ownerCleared)
  ) {
    target.status = 'pending';
  }
  return moveTicket(tx, env, ticket, target, options);
}

/**
 * Resolve (close): bot state cleared, cycle finished, then the rating request or the completion message as asked
 * (server-behaviour 5.4, 7.6). `also` carries what the closing request sets besides (the agent and queue the
 * cycle is closed under).
 */
export function resolveTicket(
  tx: TenantTx,
  env: TicketsEnv,
  ticket: TicketRow,
  options: { rating: boolean; completion: boolean; defer?: Defer },
  also: TicketFields = {},
): Promise<TicketRow> {
  return moveTicket(tx, env, ticket, targetOf(ticket, 'closed', also), options);
}

/**
 * Staff reopen (closed → open, owned by `userId`, with a new cycle started at once); ERR_OTHER_OPEN_TICKET when
 * the contact has another open or pending ticket.
 */
export function reopenTicket(
  tx: TenantTx,
  env: TicketsEnv,
  ticket: TicketRow,
  userId: number,
  also: TicketFieldsBesidesAgent = {},
): Promise<TicketRow> {
  return moveTicket(tx, env, ticket, targetOf(ticket, 'open', { ...also, userId }));
}

/** The ticket with `status` and the fields given; the others as they are. */
function targetOf(ticket: TicketRow, status: TicketStatus, fields: TicketFields): TicketTarget {
  const target: TicketTarget = {
    status,
    userId: fields.userId !== undefined ? fields.userId : ticket.userId,
    queueId: fields.queueId !== undefined ? fields.queueId : ticket.queueId,
    whatsappId: fields.whatsappId ?? ticket.whatsappId,
  };
  if (fields.useIntegration !== undefined) target.useIntegration = fields.useIntegration;
  if (fields.promptId !== undefined) target.promptId = fields.promptId;
  if (fields.integrationId !== undefined) target.integrationId = fields.integrationId;
  return target;
}
