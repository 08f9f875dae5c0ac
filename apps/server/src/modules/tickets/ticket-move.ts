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

/**
 * Where a verb puts a ticket (ticket-verbs.ts decides it; nothing is inferred here). The bot fields are applied
 * when present and otherwise left as the move leaves them.
 */
export interface TicketTarget {
  status: TicketStatus;
  userId: number | null;
  queueId: number | null;
  whatsappId: number | null;
  useIntegration?: boolean;
  promptId?: number | null;
  integrationId?: number | null;
}

/** What a move says and where its events go. */
export interface MoveEffects {
  /** A close asks for a rating when the company rates (default true). */
  rating?: boolean;
  /** A close sends the connection's completion message (default true). */
  completion?: boolean;
  /** Transfer notices when the company enables them (default true). */
  notify?: boolean;
  /** Where after-commit work goes (inbound processing passes its own); default the transaction's. */
  defer?: Defer;
}

/**
 * The steps every ticket verb shares, inside the caller's transaction (server-behaviour 5.4): the row written with
 * the bot-state resets the change requires, then what the change of state means — a close finishes the cycle and
 * says goodbye, a reopen starts a new cycle, anything else moves the cycle along (unread reset on accept, transfer
 * notice) — and, after commit, the `-ticket` events. Callers hold the ticket (select … for update) and have
 * checked that the referenced queue, user and connection are the company's. Module-private: other areas call the
 * verbs.
 */
export async function moveTicket(
  tx: TenantTx,
  env: TicketsEnv,
  before: TicketRow,
  target: TicketTarget,
  effects: MoveEffects = {},
): Promise<TicketRow> {
  const now = new Date();
  const { status, queueId, whatsappId } = target;
  // A waiting ticket has no agent.
  const userId = status === 'pending' ? null : target.userId;
  const queueChanged = queueId !== before.queueId;
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
    // An agent taking the ticket switches its bot off (5.4), unless the move itself sets the bot.
    ...(agentTook ? { useIntegration: false, promptId: null, integrationId: null } : {}),
    ...(target.useIntegration !== undefined ? { useIntegration: target.useIntegration } : {}),
    ...(target.promptId !== undefined ? { promptId: target.promptId } : {}),
    ...(target.integrationId !== undefined ? { integrationId: target.integrationId } : {}),
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
      rating: effects.rating ?? true,
      completion: effects.completion ?? true,
      defer: collect,
    });
  } else if (reopening) {
    await startStaffCycle(tx, ticket, now);
  } else if (status !== 'closed') {
    await followCycle(tx, before, ticket, now);
    if (before.status === 'pending' && status === 'open')
      unreadReset = await env.messages.resetUnread(tx, ticket);
    if (effects.notify ?? true) ticket = await sendTransferNotice(tx, env, before, ticket, collect);
  }

  const view = await loadTicketView(tx, env.ctx.config.frontendUrl, ticket.id);
  const companyId = tx.companyId;
  const defer = effects.defer ?? ((fn: () => void) => tx.afterCommit(fn));
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
