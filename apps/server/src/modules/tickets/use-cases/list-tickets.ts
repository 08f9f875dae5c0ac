import { TICKETS_PAGE_SIZE, type ListTicketsAnswer } from '@zapdesk/contracts';
import type { Actor } from '../../../platform/auth/actor';
import { expressionBuilder, sql, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../../../platform/db/schema';
import { StatementTemplate } from '../../../platform/db/statement-template';
import type { TenantScope, TenantTx } from '../../../platform/tenancy';
import {
  planTicketList,
  ticketListCondition,
  type TicketFilters,
  type TicketListShape,
  type TicketListValues,
} from '../tickets.filters';
import { selectTicketViews } from '../ticket-views.repository';
import { viewOfRow } from '../tickets.presenter';

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
  // One statement, which reads only: a round trip of its own (TenantScope.read). A tab's pages plan once per
  // shape: PostgreSQL planned the pending tab's page again on every request, 0.4 ms, for the plan it had already.
  // Not a history search: its function's plans need the term's keys.
  return scope.read((tx) => pageOfTickets(tx, env, actor, filters, pageNumber), {
    genericPlans: !filters.searchParam?.trim(),
  });
}

/** The first page's size and start are part of its statement; later pages bind them. */
type PageArgs = TicketListValues & { limit?: number; offset?: number };

async function pageOfTickets(
  tx: TenantTx,
  env: TicketListEnv,
  actor: Actor,
  filters: TicketFilters,
  pageNumber: number,
): Promise<ListTicketsAnswer> {
  const offset = (pageNumber - 1) * TICKETS_PAGE_SIZE;
  const { shape, values } = planTicketList(actor, filters, env.timeZone);
  const args: PageArgs = offset === 0 ? values : { ...values, limit: TICKETS_PAGE_SIZE, offset };
  const template = shape.search ? pageStatements.searched(shape) : pageStatements.counted(shape);
  const rows = await template.run(tx, args);
  // Every row carries the total; a page past the end has none to carry it, so only then is it counted alone.
  const count = rows[0] ? Number(rows[0].total) : offset === 0 ? 0 : await countAll(tx, shape, values);
  const tickets = rows.map((row) => viewOfRow(row, env.frontendUrl));
  return { tickets, count, hasMore: offset + tickets.length < count };
}

/**
 * The page statements, one template per list shape: Kysely built and compiled the condition on every request,
 * a sixth of a list page's server CPU. Shapes are few (flags and counts of filters), values are bound per run.
 * The page's ids, its total and its tickets' answers come in one statement.
 */
const pageStatements = {
  // A history search is the costly part: it runs once, and the page's rows carry the total.
  searched: perShape(
    (shape) =>
      new StatementTemplate((tx, args: PageArgs) =>
        pageOfViews(
          tx,
          ordered(tx, shape, args).select((eb) => [
            'tickets.id',
            eb.fn.countAll<string>().over().as('total'),
          ]),
        ),
      ),
  ),
  // Without a search the count is an index-only scan, cheaper than buffering every row for a window; a tab
  // filtered only by status, owner, users and queues is counted from ticket_counts instead.
  counted: perShape(
    (shape) =>
      new StatementTemplate((tx, args: PageArgs) => {
        const counted = countsSuffice(shape)
          ? countFromCounts(tx, shape, args)
          : filtered(tx, shape, args).select((eb) => eb.fn.countAll<number>().as('count'));
        return pageOfViews(
          tx,
          ordered(tx, shape, args).select(['tickets.id', sql<number>`(${counted})::int`.as('total')]),
        );
      }),
  ),
};

/**
 * The answers of a page's tickets (`page`: their ids and the total), newest activity first. The page is
 * materialised and its ids are looked up by key, so a plan made for any page size still reads only its tickets.
 */
function pageOfViews(
  tx: TenantTx,
  page: SelectQueryBuilder<Database, 'tickets', { id: number; total: unknown }>,
) {
  const tickets = tx
    .unscoped()
    .with(
      (cte) => cte('page').materialized(),
      () => page,
    )
    .selectFrom('tickets')
    .where('tickets.companyId', '=', tx.companyId)
    .where('tickets.id', '=', sql<number>`any(array(select page.id from page))`);
  return selectTicketViews(tickets as unknown as SelectQueryBuilder<Database, 'tickets', object>, 'answer', {
    companyId: tx.companyId,
    ids: sql<number[]>`array(select page.id from page)`,
  })
    .select(sql<string | number>`(select page.total from page limit 1)`.as('total'))
    .orderBy('tickets.updatedAt', 'desc')
    .orderBy('tickets.id', 'desc');
}

/** One template per shape, made on first use. */
function perShape<T>(make: (shape: TicketListShape) => T): (shape: TicketListShape) => T {
  const made = new Map<string, T>();
  return (shape) => {
    const key = JSON.stringify(shape);
    let template = made.get(key);
    if (!template) {
      template = make(shape);
      // Shapes count filters and list lengths, so there are few; past the bound one is compiled for each use.
      if (made.size < MAX_SHAPES) made.set(key, template);
    }
    return template;
  };
}

/** List shapes kept compiled, per kind of page statement. */
const MAX_SHAPES = 1_000;

function filtered(tx: TenantTx, shape: TicketListShape, values: TicketListValues) {
  return tx.selectFrom('tickets').where((eb) => ticketListCondition(eb, shape, values));
}

function ordered(tx: TenantTx, shape: TicketListShape, args: PageArgs) {
  const sorted = filtered(tx, shape, args).orderBy('tickets.updatedAt', 'desc').orderBy('tickets.id', 'desc');
  return args.offset === undefined
    ? sorted.limit(sql.lit(TICKETS_PAGE_SIZE))
    : sorted.limit(args.limit ?? TICKETS_PAGE_SIZE).offset(args.offset);
}

/** A search's total when its page is past the end (rare: built as it comes). */
async function countAll(tx: TenantTx, shape: TicketListShape, values: TicketListValues): Promise<number> {
  const row = await filtered(tx, shape, values)
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Whether every filter is one ticket_counts can answer: status, owner, users and queues. */
function countsSuffice(shape: TicketListShape): boolean {
  return !shape.search && !shape.withUnread && !shape.date && !shape.updatedAt && shape.tags === 0;
}

/**
 * The tab's count summed over ticket_counts (migration 2026112281): a few hundred (status, user, queue) rows
 * instead of every ticket of the tab. The list's own condition is applied to them, named as the tickets.
 */
function countFromCounts(tx: TenantTx, shape: TicketListShape, values: TicketListValues) {
  const condition = ticketListCondition(expressionBuilder<Database, 'tickets'>(), shape, values);
  return sql<number>`
    select coalesce(sum(tickets.tickets), 0)
    from ticket_counts as tickets
    where tickets.company_id = ${tx.companyId} and ${condition}`;
}
