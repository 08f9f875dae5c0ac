import { pageSizes, type ListMessagesAnswer } from '@zapdesk/contracts';
import type { Actor } from '../../platform/auth/actor';
import type { TenantScope } from '../../platform/tenancy';
import { loadTicketRowsAndViews, visibleMessageQueues, visibleTo } from '../tickets';
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
  const size = pageSizes.default;
  return scope.run(async (tx) => {
    // The ticket's row (for the visibility rules) and its answer come in one statement.
    const loaded = (await loadTicketRowsAndViews(tx, env.ctx.config.frontendUrl, [ticketId])).get(ticketId);
    const { row: ticket, view: shown } = visibleTo(actor, loaded, (found) => found.row);
    const queues = visibleMessageQueues(actor);
    const queueList = queues === 'all' ? null : queues;
    // The total is kept on the ticket (migration 2026112294); the page is one statement.
    const count = visibleMessageCount(ticket.messageCounts as MessageCounts, queueList);
    // Reset first: the page then shows the customer's messages read.
    const reset =
      pageNumber === 1 && ticket.userId === actor.userId && (await resetUnreadAfterCommit(env, tx, ticket));
    const offset = (pageNumber - 1) * size;
    const messages = await loadMessagePage(tx, env.messaging.outbound.storage, {
      ticketId: ticket.id,
      queues: queueList,
      limit: size,
      offset,
    });
    const view = reset ? { ...shown, unreadMessages: 0 } : shown;
    return { count, messages, ticket: view, hasMore: offset + messages.length < count };
  });
}
