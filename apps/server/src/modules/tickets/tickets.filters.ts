import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { TicketStatus } from '@zapdesk/contracts';
import { isAdmin, type Actor } from '../../platform/auth/actor';
import type { Database } from '../../platform/db/schema';
import { likePattern } from '../../platform/db/search';

export interface TicketFilters {
  searchParam?: string;
  statuses?: TicketStatus[];
  showAll?: boolean;
  withUnreadMessages?: boolean;
  /** Created that local day (yyyy-MM-dd). */
  date?: string;
  /** Updated that local day (yyyy-MM-dd). */
  updatedAt?: string;
  queueIds?: number[];
  tags?: number[];
  users?: number[];
}

type TicketEb = ExpressionBuilder<Database, 'tickets'>;

/**
 * The list rules of server-behaviour 5.2 as one condition on `tickets`: owner filter (lifted by showAll for
 * admins only), queue filter, search over contact and every message, days, unread, tags (every one) and users
 * (any).
 */
export function ticketListCondition(
  eb: TicketEb,
  actor: Actor,
  filters: TicketFilters,
  timeZone: string,
): Expression<SqlBool> {
  const admin = isAdmin(actor);
  const me = actor.userId;
  const and: Expression<SqlBool>[] = [];

  if (!(admin && filters.showAll) || filters.withUnreadMessages) {
    const owner = ownerFilter(eb, me, filters.statuses);
    if (owner) and.push(owner);
  }
  const queueCondition = queueFilter(eb, actor, filters.queueIds);
  if (queueCondition) and.push(queueCondition);
  if (filters.statuses?.length) and.push(eb('tickets.status', 'in', filters.statuses));
  if (filters.withUnreadMessages) and.push(eb('tickets.unreadMessages', '>', 0));

  const term = filters.searchParam?.trim();
  if (term) and.push(searchMatches(term));
  if (filters.date) and.push(localDayIs(sql.ref('tickets.createdAt'), filters.date, timeZone));
  if (filters.updatedAt) and.push(localDayIs(sql.ref('tickets.updatedAt'), filters.updatedAt, timeZone));

  const tags = [...new Set(filters.tags ?? [])];
  for (const tagId of tags) {
    and.push(
      eb.exists(
        eb
          .selectFrom('ticketTags')
          .whereRef('ticketTags.ticketId', '=', 'tickets.id')
          .where('ticketTags.tagId', '=', tagId)
          .select(sql.lit(1).as('one')),
      ),
    );
  }
  if (admin && filters.users?.length) and.push(eb('tickets.userId', 'in', filters.users));
  return eb.and(and);
}

/**
 * `userId = me OR status = pending`, said without the OR when the status filter decides it: the planner then
 * walks the (company, user, status, updatedAt) index for an agent's own tab instead of every open ticket.
 */
function ownerFilter(
  eb: TicketEb,
  me: number,
  statuses: TicketStatus[] | undefined,
): Expression<SqlBool> | null {
  if (statuses?.length && statuses.every((status) => status === 'pending')) return null;
  if (statuses?.length && !statuses.includes('pending')) return eb('tickets.userId', '=', me);
  return eb.or([eb('tickets.userId', '=', me), eb('tickets.status', '=', 'pending')]);
}

/**
 * The ticket's contact name or number, or any of its messages, contains the term. The match set comes from
 * `tickets_matching_search` (migrations 2026112240 and 2026112290): under row-level security a LIKE cannot use
 * the search indexes, in that function it can; it only sees the transaction's company. The ids go as one array,
 * which the tickets' primary key walks in order instead of probing it once per id.
 */
function searchMatches(term: string): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref('tickets.id')} = any(array(select tickets_matching_search(${term}, ${likePattern(term)})))`;
}

/** `queueId IN queueIds` (non-admins: ∩ their queues), or no queue for admins, allTicket users and owners. */
function queueFilter(
  eb: TicketEb,
  actor: Actor,
  requested: number[] | undefined,
): Expression<SqlBool> | null {
  const admin = isAdmin(actor);
  if (admin && !requested?.length) return null;
  const queues = admin
    ? (requested ?? [])
    : requested?.length
      ? requested.filter((id) => actor.queueIds.includes(id))
      : actor.queueIds;
  const withoutQueue =
    admin || actor.allTicket === 'enabled'
      ? eb('tickets.queueId', 'is', null)
      : eb.and([eb('tickets.queueId', 'is', null), eb('tickets.userId', '=', actor.userId)]);
  return queues.length ? eb.or([eb('tickets.queueId', 'in', queues), withoutQueue]) : withoutQueue;
}

function localDayIs(column: Expression<Date>, day: string, timeZone: string): Expression<SqlBool> {
  return sql<SqlBool>`(${column} at time zone ${timeZone})::date = ${day}::date`;
}
