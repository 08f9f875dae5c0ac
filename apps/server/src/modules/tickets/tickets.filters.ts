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
 * What decides the list condition's SQL. Two requests with the same shape run the same statement, with other
 * values (TicketListValues): the statement is compiled once per shape (list-tickets.ts). Lists are counted, not
 * passed as arrays: `status in ($1, $2)` keeps PostgreSQL's estimates of a plan built for any values good, and
 * with `= any($1)` it planned every run again instead.
 */
export interface TicketListShape {
  /** `userId = me`, `userId = me OR status = pending`, or no owner filter. */
  owner: 'me' | 'meOrPending' | null;
  /** No queue filter, or one of `queues` queues or no queue; that without a queue only if it is mine. */
  queue: { queues: number; noQueueOnlyMine: boolean } | null;
  statuses: number;
  withUnread: boolean;
  search: boolean;
  date: boolean;
  updatedAt: boolean;
  /** How many tags the ticket must all carry. */
  tags: number;
  users: number;
}

/**
 * The values of a list condition, each shape reading only some: `me`, the search `term` and `pattern`, `date`,
 * `updatedAt` and `timeZone`, and the lists one by one (`status0`, `queue0`, `tag0`, `user0`, …).
 */
export type TicketListValues = Record<string, string | number | undefined> & { me: number };

/**
 * The list rules of server-behaviour 5.2 for this actor and these filters: owner filter (lifted by showAll for
 * admins only), queue filter, search over contact and every message, days, unread, tags (every one) and users
 * (any). Only the shape decides the SQL; the values are bound to it.
 */
export function planTicketList(
  actor: Actor,
  filters: TicketFilters,
  timeZone: string,
): { shape: TicketListShape; values: TicketListValues } {
  const admin = isAdmin(actor);
  const values: TicketListValues = { me: actor.userId };
  const list = (name: string, items: ReadonlyArray<string | number>) => {
    items.forEach((item, i) => (values[`${name}${i}`] = item));
    return items.length;
  };
  const owner =
    !(admin && filters.showAll) || filters.withUnreadMessages ? ownerFilter(filters.statuses) : null;
  const queue = queueFilter(actor, filters.queueIds);
  const term = filters.searchParam?.trim();
  if (term) Object.assign(values, { term, pattern: likePattern(term) });
  if (filters.date || filters.updatedAt) values.timeZone = timeZone;
  if (filters.date) values.date = filters.date;
  if (filters.updatedAt) values.updatedAt = filters.updatedAt;
  const shape: TicketListShape = {
    owner,
    queue: queue && { queues: list('queue', queue.queues), noQueueOnlyMine: queue.noQueueOnlyMine },
    statuses: list('status', filters.statuses ?? []),
    withUnread: Boolean(filters.withUnreadMessages),
    search: Boolean(term),
    date: Boolean(filters.date),
    updatedAt: Boolean(filters.updatedAt),
    tags: list('tag', [...new Set(filters.tags ?? [])]),
    users: list('user', admin ? (filters.users ?? []) : []),
  };
  return { shape, values };
}

/** The condition on `tickets` of a shape, reading every value from `values` (stand-ins while compiled). */
export function ticketListCondition(
  eb: TicketEb,
  shape: TicketListShape,
  values: TicketListValues,
): Expression<SqlBool> {
  const listed = (name: string, count: number) =>
    Array.from({ length: count }, (_, i) => values[`${name}${i}`]);
  const text = (name: string) => String(values[name]);
  const and: Expression<SqlBool>[] = [];
  const mine = eb('tickets.userId', '=', values.me);
  if (shape.owner === 'me') and.push(mine);
  if (shape.owner === 'meOrPending') and.push(eb.or([mine, eb('tickets.status', '=', sql.lit('pending'))]));
  if (shape.queue) {
    const withoutQueue = shape.queue.noQueueOnlyMine
      ? eb.and([eb('tickets.queueId', 'is', null), mine])
      : eb('tickets.queueId', 'is', null);
    const queues = listed('queue', shape.queue.queues) as number[];
    and.push(queues.length ? eb.or([eb('tickets.queueId', 'in', queues), withoutQueue]) : withoutQueue);
  }
  if (shape.statuses)
    and.push(eb('tickets.status', 'in', listed('status', shape.statuses) as TicketStatus[]));
  if (shape.withUnread) and.push(eb('tickets.unreadMessages', '>', sql.lit(0)));
  if (shape.search) and.push(searchMatches(text('term'), text('pattern')));
  if (shape.date) and.push(localDayIs(sql.ref('tickets.createdAt'), text('date'), text('timeZone')));
  if (shape.updatedAt)
    and.push(localDayIs(sql.ref('tickets.updatedAt'), text('updatedAt'), text('timeZone')));
  for (const tagId of listed('tag', shape.tags) as number[]) {
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
  if (shape.users) and.push(eb('tickets.userId', 'in', listed('user', shape.users) as number[]));
  return eb.and(and);
}

/**
 * `userId = me OR status = pending`, said without the OR when the status filter decides it: the planner then
 * walks the (company, user, status, updatedAt) index for an agent's own tab instead of every open ticket.
 */
function ownerFilter(statuses: TicketStatus[] | undefined): TicketListShape['owner'] {
  if (statuses?.length && statuses.every((status) => status === 'pending')) return null;
  if (statuses?.length && !statuses.includes('pending')) return 'me';
  return 'meOrPending';
}

/**
 * The ticket's contact name or number, or any of its messages, contains the term. The match set comes from
 * `tickets_matching_search` (migrations 2026112240 and 2026112290): under row-level security a LIKE cannot use
 * the search indexes, in that function it can; it only sees the transaction's company. The ids go as one array,
 * which the tickets' primary key walks in order instead of probing it once per id.
 */
function searchMatches(term: string, pattern: string): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref('tickets.id')} = any(array(select tickets_matching_search(${term}, ${pattern})))`;
}

/**
 * `queueId IN queues` (non-admins: the requested ones among theirs, or all of theirs), or no queue: for admins and
 * allTicket users any ticket without one, for others only their own. None for an admin who asks for no queue.
 */
function queueFilter(
  actor: Actor,
  requested: number[] | undefined,
): { queues: number[]; noQueueOnlyMine: boolean } | null {
  const admin = isAdmin(actor);
  if (admin && !requested?.length) return null;
  const queues = admin
    ? (requested ?? [])
    : requested?.length
      ? requested.filter((id) => actor.queueIds.includes(id))
      : actor.queueIds;
  return { queues, noQueueOnlyMine: !(admin || actor.allTicket === 'enabled') };
}

function localDayIs(column: Expression<Date>, day: string, timeZone: string): Expression<SqlBool> {
  return sql<SqlBool>`(${column} at time zone ${timeZone})::date = ${day}::date`;
}
