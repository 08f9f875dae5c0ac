import { pageSizes, type ListMessagesAnswer } from '@zapdesk/contracts';
import type { Actor } from '../../platform/auth/actor';
import type { TenantScope } from '../../platform/tenancy';
import { getVisibleTicket, loadTicketView, visibleMessageQueues } from '../tickets';
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
    const ticket = await getVisibleTicket(tx, actor, ticketId);
    const queues = visibleMessageQueues(actor);
    let base = tx.selectFrom('messages').where('ticketId', '=', ticket.id);
    if (queues !== 'all') {
      base = base.where((eb) =>
        queues.length > 0
          ? eb.or([eb('queueId', 'in', queues), eb('queueId', 'is', null)])
          : eb('queueId', 'is', null),
      );
    }
    const { count } = await base
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    const page = await base
      .select('id')
      .orderBy('id', 'desc')
      .limit(size)
      .offset((pageNumber - 1) * size)
      .execute();
    if (pageNumber === 1 && ticket.userId === actor.userId) await resetUnreadAfterCommit(env, tx, ticket);
    const ids = page.map((m) => m.id).reverse();
    const messages = await loadMessageViews(tx, env.messaging.outbound.storage, ids);
    const view = await loadTicketView(tx, env.ctx.config.frontendUrl, ticket.id);
    return { count, messages, ticket: view, hasMore: (pageNumber - 1) * size + ids.length < count };
  });
}
