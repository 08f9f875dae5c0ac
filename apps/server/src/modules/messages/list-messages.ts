import { pageSizes, type ListMessagesAnswer } from '@zapdesk/contracts';
import type { Actor } from '../../platform/auth/actor';
import type { TenantScope } from '../../platform/tenancy';
import { ticketRowsAndViews, visibleMessageQueues, visibleTo } from '../tickets';
import { loadTicketAndMessagePage } from './messages.presenter';
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
  const queues = visibleMessageQueues(actor);
  const queueList = queues === 'all' ? null : queues;
  const offset = (pageNumber - 1) * size;
  // The ticket (its row for the visibility rules, and its answer) and the page that its id and the viewer's
  // queues decide: read together, one round trip (TenantScope.read). Both are key lookups, planned once: with
  // the tags grouped per statement, PostgreSQL found the ticket's generic plan dearer than a custom one and
  // planned it again on every page, 1.5 ms.
  const { ticket, messages } = await scope.read(
    (tx) =>
      loadTicketAndMessagePage(
        tx,
        env.storage,
        {
          statement: ticketRowsAndViews.statement([ticketId]),
          present: (rows) => ticketRowsAndViews.present(rows, env.ctx.config.frontendUrl).get(ticketId),
        },
        { ticketId, queues: queueList, limit: size, offset },
      ),
    { genericPlans: true },
  );
  const { row, view } = visibleTo(actor, ticket, (found) => found.row);
  // The total is kept on the ticket (migration 2026112294).
  const count = visibleMessageCount(row.messageCounts as MessageCounts, queueList);
  const answer = { count, messages, ticket: view, hasMore: offset + messages.length < count };
  if (pageNumber !== 1 || row.userId !== actor.userId) return answer;
  // The owner's first page resets the unread count, which marks every customer message of the ticket read: the
  // page shows them read, as a page read after the reset would.
  if (!(await scope.run((tx) => resetUnreadAfterCommit(env, tx, row)))) return answer;
  for (const message of messages) if (!message.fromMe) message.read = true;
  return { ...answer, ticket: { ...view, unreadMessages: 0 } };
}
