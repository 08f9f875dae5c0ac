import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { TicketStatus } from '@zapdesk/contracts';
import { isAdmin, type Actor } from '../../platform/auth/actor';
import type { Database } from '../../platform/db/schema';

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

type TicketEb = ExpressionBuilder<Database, 'tickets' | 'contacts'>;

const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * The list rules of server-behaviour 5.2 as one condition on `tickets` joined to `contacts`: owner filter
 * (lifted by showAll for admins only), queue filter, search over contact and every message, days, unread,
 * tags (every one) and users (any).
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
    and.push(eb.or([eb('tickets.userId', '=', me), eb('tickets.status', '=', 'pending')]));
  }
  const queueCondition = queueFilter(eb, actor, filters.queueIds);
  if (queueCondition) and.push(queueCondition);
  if (filters.statuses?.length) and.push(eb('tickets.status', 'in', filters.statuses));
  if (filters.withUnreadMessages) and.push(eb('tickets.unreadMessages', '>', 0));

  const term = filters.searchParam?.trim();
  if (term) {
    const pattern = likePattern(term);
    and.push(
      eb.or([
        sql<SqlBool>`search_text(${sql.ref('contacts.name')}) like search_text(${pattern})`,
        sql<SqlBool>`${sql.ref('contacts.number')} like ${pattern}`,
        eb.exists(
          eb
            .selectFrom('messages')
            .whereRef('messages.companyId', '=', 'tickets.companyId')
            .whereRef('messages.ticketId', '=', 'tickets.id')
            .where(sql<SqlBool>`search_text(${sql.ref('messages.body')}) like search_text(${pattern})`)
            .select(sql.lit(1).as('one')),
        ),
      ]),
    );
  }
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
