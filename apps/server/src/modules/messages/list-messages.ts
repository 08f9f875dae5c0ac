import { sql } from 'kysely';
import { pageSizes, type ListMessagesAnswer } from '@zapdesk/contracts';
import type { Actor } from '../../platform/auth/actor';
import type { TenantScope } from '../../platform/tenancy';
import { loadTicketRowsAndViews, visibleMessageQueues, visibleTo } from '../tickets';
import { loadMessageViews } from './messages.presenter';
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
    // The page is one range of (company_id, ticket_id, id desc); the total is counted by ticket_message_count,
    // which skips the per-row policy check (migration 2026112264). Both in one round trip.
    let page = tx.selectFrom('messages').where('ticketId', '=', ticket.id);
    if (queues !== 'all') {
      page = page.where((eb) =>
        queues.length > 0
          ? eb.or([eb('queueId', 'in', queues), eb('queueId', 'is', null)])
          : eb('queueId', 'is', null),
      );
    }
    const pageIds = page
      .select('id')
      .orderBy('id', 'desc')
      .limit(size)
      .offset((pageNumber - 1) * size);
    const queueList = queues === 'all' ? null : queues;
    const { count, newestFirst } = await tx.db
      .selectNoFrom([
        sql<number>`ticket_message_count(${ticket.id}, ${queueList}::int[])`.as('count'),
        sql<number[]>`array(${pageIds})`.as('newestFirst'),
      ])
      .executeTakeFirstOrThrow();
    const reset =
      pageNumber === 1 && ticket.userId === actor.userId && (await resetUnreadAfterCommit(env, tx, ticket));
    const ids = [...newestFirst].reverse();
    const messages = await loadMessageViews(tx, env.messaging.outbound.storage, ids);
    const view = reset ? { ...shown, unreadMessages: 0 } : shown;
    return { count, messages, ticket: view, hasMore: (pageNumber - 1) * size + ids.length < count };
  });
}
