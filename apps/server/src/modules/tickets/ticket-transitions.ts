import type { TicketStatus } from '@zapdesk/contracts';
import type { Defer, TenantTx } from '../../platform/tenancy';
import { getSetting } from '../settings';
import { sendClosingMessages } from './ticket-automatic-messages';
import { refuseOtherOpenTicket } from './ticket-conflicts';
import { finishCycle, followCycle, latestCycle, startStaffCycle } from './ticket-cycles';
import type { TicketsEnv } from './ticket-messages.port';
import { transferNotice } from './ticket-notices';
import { emitTicketUpdate, emitUnreadReset } from './tickets.events';
import { loadTicketView } from './tickets.presenter';
import { transferNames, updateTicketRow, type TicketRow } from './tickets.repository';

/** What a ticket change may set; absent fields stay as they are. */
export interface TicketChange {
  status?: TicketStatus;
  userId?: number | null;
  queueId?: number | null;
  whatsappId?: number;
  useIntegration?: boolean;
  promptId?: number | null;
  integrationId?: number | null;
}

export interface TicketChangeOptions {
  /** Ask for a rating on close when the company rates (default true). */
  rating?: boolean;
  /** Send the connection's completion message on close (default true). */
  completion?: boolean;
  /** Send transfer notices when the company enables them (default true). */
  notify?: boolean;
  /** Where after-commit work goes (inbound processing passes its own); default the transaction's. */
  defer?: Defer;
}

/**
 * Applies a staff or bot change to a ticket inside the caller's transaction (server-behaviour 5.4): accept,
 * return, transfer, close, reopen or a connection change, with the cycle rows, bot-state resets, automatic
 * notices and, after commit, the `-ticket` events. Callers hold the ticket (select … for update) and have
 * checked that the referenced queue, user and connection are the company's.
 */
export async function changeTicket(
  tx: TenantTx,
  env: TicketsEnv,
  before: TicketRow,
  change: TicketChange,
  options: TicketChangeOptions = {},
): Promise<TicketRow> {
  const now = new Date();
  const queueId = change.queueId !== undefined ? change.queueId : before.queueId;
  const whatsappId = change.whatsappId ?? before.whatsappId;
  let userId = change.userId !== undefined ? change.userId : before.userId;
  let status = change.status ?? before.status;
  const queueChanged = queueId !== before.queueId;
  const ownerCleared = change.userId === null && before.userId !== null;
  // Without a status, the owner decides it (spec 1 section 4): an agent named takes a waiting ticket; a
  // transfer or return that leaves no agent puts it back to wait.
  if (change.status === undefined && status === 'pending' && userId !== null && change.userId !== undefined) {
    status = 'open';
  }
  if (change.status === undefined && userId === null && status === 'open' && (queueChanged || ownerCleared)) {
    status = 'pending';
  }
  if (status === 'pending') userId = null;
  const closing = status === 'closed' && before.status !== 'closed';
  const reopening = before.status === 'closed' && status !== 'closed';
  if (reopening) await refuseOtherOpenTicket(tx, before.contactId, { exceptTicketId: before.id });
  if (whatsappId !== null && whatsappId !== before.whatsappId) {
    await refuseOtherOpenTicket(tx, before.contactId, {
      exceptTicketId: before.id,
      whatsappId,
      anyStatus: true,
    });
  }
  const agentTook = userId !== null && userId !== before.userId;
  const resetsBot = queueChanged || agentTook || closing || (status === 'open' && before.status !== 'open');
  let ticket = await updateTicketRow(tx, before.id, {
    status,
    userId,
    queueId,
    whatsappId,
    // An agent taking the ticket switches its bot off (5.4), unless the change itself sets the bot.
    ...(agentTook ? { useIntegration: false, promptId: null, integrationId: null } : {}),
    ...(change.useIntegration !== undefined ? { useIntegration: change.useIntegration } : {}),
    ...(change.promptId !== undefined ? { promptId: change.promptId } : {}),
    ...(change.integrationId !== undefined ? { integrationId: change.integrationId } : {}),
    ...(resetsBot ? { chatbot: false, queueOptionId: null, typebotSessionId: null } : {}),
    ...(closing ? { useIntegration: false, promptId: null, integrationId: null } : {}),
    updatedAt: now,
  });

  const deferred: Array<() => void> = [];
  const collect: Defer = (fn) => deferred.push(fn);
  let unreadReset = false;
  if (closing) {
    const cycle = await latestCycle(tx, ticket.id);
    if (cycle && cycle.finishedAt === null) await finishCycle(tx, cycle.id, now);
    ticket = await sendClosingMessages(tx, env, ticket, cycle, {
      rating: options.rating ?? true,
      completion: options.completion ?? true,
      defer: collect,
    });
  } else if (reopening) {
    await startStaffCycle(tx, ticket, now);
  } else if (status !== 'closed') {
    await followCycle(tx, before, ticket, now);
    if (before.status === 'pending' && status === 'open')
      unreadReset = await env.messages.resetUnread(tx, ticket);
    if (options.notify ?? true) ticket = await sendTransferNotice(tx, env, before, ticket, collect);
  }

  const view = await loadTicketView(tx, env.ctx.config.frontendUrl, ticket.id);
  const companyId = tx.companyId;
  const defer = options.defer ?? ((fn: () => void) => tx.afterCommit(fn));
  defer(() => {
    emitTicketUpdate(env.ctx.realtime, companyId, view, before);
    if (unreadReset) emitUnreadReset(env.ctx.realtime, companyId, view);
    for (const fn of deferred) fn();
  });
  return ticket;
}

async function sendTransferNotice(
  tx: TenantTx,
  env: TicketsEnv,
  before: TicketRow,
  after: TicketRow,
  defer: Defer,
): Promise<TicketRow> {
  const queueChanged = after.queueId !== before.queueId;
  const userChanged = after.userId !== before.userId;
  if (after.isGroup || (!queueChanged && !userChanged)) return after;
  if ((await getSetting(tx, 'sendMsgTransfTicket')) !== 'enabled') return after;
  const names = await transferNames(tx, after);
  const text = transferNotice({
    queueChanged,
    queueName: names.queueName ?? null,
    userChanged,
    userName: names.userName ?? null,
    hadAgent: before.userId !== null,
  });
  return text ? env.messages.sendAutomatic(tx, after, text, defer) : after;
}

/** Accept (pending → open): the user becomes the owner, the cycle starts, the bot stops, unread resets. */
export function acceptTicket(
  tx: TenantTx,
  env: TicketsEnv,
  ticket: TicketRow,
  userId: number,
  options?: TicketChangeOptions,
): Promise<TicketRow> {
  return changeTicket(tx, env, ticket, { status: 'open', userId }, options);
}

/** Return (→ pending without user): the cycle is queued again. */
export function returnTicket(
  tx: TenantTx,
  env: TicketsEnv,
  ticket: TicketRow,
  options?: TicketChangeOptions,
): Promise<TicketRow> {
  return changeTicket(tx, env, ticket, { status: 'pending', userId: null }, options);
}

/**
 * Transfer to a queue and/or an agent; without an agent the ticket waits (pending). Bots pass `notify: false`
 * to stay quiet and get the bot switched off by the queue change.
 */
export function transferTicket(
  tx: TenantTx,
  env: TicketsEnv,
  ticket: TicketRow,
  to: Pick<TicketChange, 'queueId' | 'userId' | 'useIntegration' | 'promptId' | 'integrationId'>,
  options?: TicketChangeOptions,
): Promise<TicketRow> {
  const userId = to.userId !== undefined ? to.userId : ticket.userId;
  return changeTicket(tx, env, ticket, { ...to, status: userId === null ? 'pending' : 'open' }, options);
}

/** Close: bot state cleared, cycle finished, rating request or completion message as asked. */
export function closeTicket(
  tx: TenantTx,
  env: TicketsEnv,
  ticket: TicketRow,
  options: { rating: boolean; completion: boolean; defer?: Defer },
): Promise<TicketRow> {
  return changeTicket(tx, env, ticket, { status: 'closed' }, options);
}

/** Staff reopen (closed → open with a new cycle); ERR_OTHER_OPEN_TICKET when the contact has another one. */
export function reopenTicket(
  tx: TenantTx,
  env: TicketsEnv,
  ticket: TicketRow,
  userId: number,
  options?: TicketChangeOptions & { queueId?: number | null },
): Promise<TicketRow> {
  const change: TicketChange = { status: 'open', userId };
  if (options?.queueId !== undefined) change.queueId = options.queueId;
  return changeTicket(tx, env, ticket, change, options);
}
