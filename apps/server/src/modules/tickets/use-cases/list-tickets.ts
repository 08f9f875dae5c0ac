import { TICKETS_PAGE_SIZE, type ListTicketsAnswer, type TicketView } from '@zapdesk/contracts';
import type { Actor } from '../../../platform/auth/actor';
import { expressionBuilder, sql } from 'kysely';
import type { Database } from '../../../platform/db/schema';
import type { TenantScope, TenantTx } from '../../../platform/tenancy';
import { ticketListCondition, type TicketFilters } from '../tickets.filters';
import { loadTicketViews } from '../tickets.presenter';

export interface TicketListEnv {
  frontendUrl: string;
  timeZone: string;
}

/** GET /tickets and GET /ticket/kanban (server-behaviour 5.2): one filtered, counted page, newest activity first. */
export function listTickets(
  env: TicketListEnv,
  actor: Actor,
  scope: TenantScope,
  filters: TicketFilters,
  pageNumber: number,
): Promise<ListTicketsAnswer> {
  return scope.run((tx) => pageOfTickets(tx, env, actor, filters, pageNumber));
}

async function pageOfTickets(
  tx: TenantTx,
  env: TicketListEnv,
  actor: Actor,
  filters: TicketFilters,
  pageNumber: number,
): Promise<ListTicketsAnswer> {
  const offset = (pageNumber - 1) * TICKETS_PAGE_SIZE;
  const base = tx.selectFrom('tickets').where((eb) => ticketListCondition(eb, actor, filters, env.timeZone));
  const countAll = async () =>
    Number((await base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirst())?.count ?? 0);
  const ordered = base
    .orderBy('tickets.updatedAt', 'desc')
    .orderBy('tickets.id', 'desc')
    .limit(TICKETS_PAGE_SIZE)
    .offset(offset);
  let count: number;
  let page: Array<{ id: number }>;
  if (filters.searchParam?.trim()) {
    // A history search is the costly part: run it once, the page rows carrying the total. A page past the end
    // has no row to carry it, so only then is it counted on its own.
    const rows = await ordered
      .select((eb) => ['tickets.id', eb.fn.countAll<string>().over().as('total')])
      .execute();
    count = rows[0] ? Number(rows[0].total) : offset === 0 ? 0 : await countAll();
    page = rows;
  } else {
    // Without a search the count is an index-only scan, cheaper than buffering every row for a window; a tab
    // filtered only by status, owner, users and queues is counted from ticket_counts instead. Count and page ids
    // come in one statement.
    const counted = countsSuffice(filters)
      ? countFromCounts(tx, actor, filters, env.timeZone)
      : base.select((eb) => eb.fn.countAll<number>().as('count'));
    const answer = await tx.db
      .selectNoFrom([
        sql<number>`(${counted})::int`.as('count'),
        sql<number[]>`array(${ordered.select('tickets.id')})`.as('ids'),
      ])
      .executeTakeFirstOrThrow();
    count = answer.count;
    page = answer.ids.map((id) => ({ id }));
  }
  const views = await loadTicketViews(
    tx,
    env.frontendUrl,
    page.map((t) => t.id),
  );
  const tickets = page.map((t) => views.get(t.id)).filter((v): v is TicketView => v !== undefined);
  return { tickets, count, hasMore: offset + tickets.length < count };
}

/** Whether every filter is one ticket_counts can answer: status, owner, users and queues. */
function countsSuffice(filters: TicketFilters): boolean {
  return (
    !filters.searchParam?.trim() &&
    !filters.withUnreadMessages &&
    !filters.date &&
    !filters.updatedAt &&
    !filters.tags?.length
  );
}

/**
 * The tab's count summed over ticket_counts (migration 2026112281): a few hundred (status, user, queue) rows
 * instead of every ticket of the tab. The list's own condition is applied to them, named as the tickets.
 */
function countFromCounts(tx: TenantTx, actor: Actor, filters: TicketFilters, timeZone: string) {
  const condition = ticketListCondition(expressionBuilder<Database, 'tickets'>(), actor, filters, timeZone);
  return sql<number>`
    select coalesce(sum(tickets.tickets), 0)
    from ticket_counts as tickets
    where tickets.company_id = ${tx.companyId} and ${condition}`;
}
