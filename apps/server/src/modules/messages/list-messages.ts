import { pageSizes, type ListMessagesAnswer, type TicketView } from '@zapdesk/contracts';
import type { Actor } from '../../platform/auth/actor';
import type { TenantScope, TenantTx } from '../../platform/tenancy';
import { loadTicketRowsAndViews, visibleMessageQueues, visibleTo, type TicketRow } from '../tickets';
import { loadMessagePage } from './messages.presenter';
import { visibleMessageCount, type MessageCounts } from './messages.repository';
import type { MessagesEnv } from './messages.env';
import { resetUnreadAfterCommit } from './unread-reset';

/**
 * GET /messages/:ticketId (server-behaviour 6.1): 20 per page from the newest, each page oldest-first; non-admins
 * only see messages of their queues or none. The owner loading page 1 resets the unread count.
 */
export async function listMessages(
  env: MessagesEnv,
  actor: Actor,
  scope: TenantScope,
  ticketId: number,
  pageNumber: number,
): Promise<ListMessagesAnswer> {
  // Reading only, each statement is a round trip of its own (TenantScope.read). The owner's first page writes:
  // it resets the unread count in a transaction, before the page is read, so the page shows them read.
  const read = await scope.read(async (tx) => {
    // The ticket's row (for the visibility rules) and its answer come in one statement.
    const loaded = (await loadTicketRowsAndViews(tx, env.ctx.config.frontendUrl, [ticketId])).get(ticketId);
    const { row, view } = visibleTo(actor, loaded, (found) => found.row);
    const resets = pageNumber === 1 && row.userId === actor.userId;
    return { row, view, answer: resets ? null : await answerPage(env, tx, actor, row, view, pageNumber) };
  });
  if (read.answer) return read.answer;
  const { row, view } = read;
  return scope.run(async (tx) => {
    const reset = await resetUnreadAfterCommit(env, tx, row);
    return answerPage(env, tx, actor, row, reset ? { ...view, unreadMessages: 0 } : view, pageNumber);
  });
}

/** The page of `ticket`'s messages its viewer may see, with their total (kept on the ticket, migration 2026112294). */
async function answerPage(
  env: MessagesEnv,
  tx: TenantTx,
  actor: Actor,
  ticket: TicketRow,
  view: TicketView,
  pageNumber: number,
): Promise<ListMessagesAnswer> {
  const size = pageSizes.default;
  const queues = visibleMessageQueues(actor);
  const queueList = queues === 'all' ? null : queues;
  const count = visibleMessageCount(ticket.messageCounts as MessageCounts, queueList);
  const offset = (pageNumber - 1) * size;
  const messages = await loadMessagePage(tx, env.messaging.outbound.storage, {
    ticketId: ticket.id,
    queues: queueList,
    limit: size,
    offset,
  });
  return { count, messages, ticket: view, hasMore: offset + messages.length < count };
}
