import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { sql, type Expression, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { anyOf } from '../../platform/db/any-of';
import { StatementTemplate } from '../../platform/db/statement-template';
import { PRESENTED_CONTACT_COLUMNS } from '../contacts';
import type { TicketRow } from './tickets.repository';

// The statements that read ticket answers (the presenter turns their rows into views).

/**
 * The ticket's references as correlated subqueries, usable in a select or an update's `returning` (composite
 * foreign keys keep every referenced row in the ticket's company).
 */
export function ticketRefs(eb: ExpressionBuilder<Database, 'tickets'>) {
  return [
    eb.selectFrom('users').whereRef('users.id', '=', 'tickets.userId').select('users.name').as('userName'),
    eb
      .selectFrom('queues')
      .whereRef('queues.id', '=', 'tickets.queueId')
      .select('queues.name')
      .as('queueName'),
    eb
      .selectFrom('queues')
      .whereRef('queues.id', '=', 'tickets.queueId')
      .select('queues.color')
      .as('queueColor'),
    eb
      .selectFrom('whatsapps')
      .whereRef('whatsapps.id', '=', 'tickets.whatsappId')
      .select('whatsapps.name')
      .as('whatsappName'),
    ticketTags(eb).as('tags'),
  ] as const;
}

/** The ticket's tags `[{id, name, color}]` by name, as a correlated subquery. */
function ticketTags(eb: ExpressionBuilder<Database, 'tickets'>) {
  return jsonArrayFrom(
    eb
      .selectFrom('ticketTags')
      .innerJoin('tags', 'tags.id', 'ticketTags.tagId')
      .whereRef('ticketTags.ticketId', '=', 'tickets.id')
      // The company too: the (company, ticket, tag) key is then one range per ticket, not a skip scan over
      // every company's entries (the policy's condition can not be used as an index key).
      .whereRef('ticketTags.companyId', '=', 'tickets.companyId')
      .select(['tags.id', 'tags.name', 'tags.color'])
      .orderBy('tags.name'),
  );
}

/** The ticket columns an answer shows: a query that only presents tickets reads just these. */
const PRESENTED_TICKET_COLUMNS = [
  'id',
  'uuid',
  'status',
  'contactId',
  'userId',
  'queueId',
  'whatsappId',
  'isGroup',
  'chatbot',
  'queueOptionId',
  'lastMessage',
  'lastMediaType',
  'fromMe',
  'unreadMessages',
  'useIntegration',
  'integrationId',
  'promptId',
  'code',
  'createdAt',
  'updatedAt',
] as const satisfies ReadonlyArray<keyof TicketRow>;
export type PresentedTicket = Pick<TicketRow, (typeof PRESENTED_TICKET_COLUMNS)[number]>;

/**
 * The tickets of `from` (a query over `tickets`, filtered as the caller needs) with what their answers need:
 * the contact's columns under aliases, and the references joined rather than read by ticketRefs' subqueries:
 * one pass over the few queues and connections instead of a lookup per ticket and reference. `answer` reads only
 * the columns the answer shows; `row` reads the whole ticket row too.
 */
export function selectTicketViews(
  from: SelectQueryBuilder<Database, 'tickets', object>,
  read: 'row',
  scope?: TicketsScope,
): ReturnType<typeof withRow>;
export function selectTicketViews(
  from: SelectQueryBuilder<Database, 'tickets', object>,
  read: 'answer',
  scope?: TicketsScope,
): ReturnType<typeof withAnswer>;
export function selectTicketViews(
  from: SelectQueryBuilder<Database, 'tickets', object>,
  read: 'row' | 'answer',
  scope?: TicketsScope,
) {
  return read === 'row' ? withRow(from, scope) : withAnswer(from, scope);
}

/**
 * Which tickets a selectTicketViews statement presents: their company, and their ids as an array that does not
 * depend on the row (the list's page). Their tags are then read for all of them at once; without it, ticket by
 * ticket. Only for statements that plan generically: for one bound ticket PostgreSQL found that plan dearer than
 * a custom one and planned the statement again on every run (1.5 ms).
 */
export interface TicketsScope {
  companyId: number;
  ids: Expression<number[]>;
}

const withRow = (from: SelectQueryBuilder<Database, 'tickets', object>, scope?: TicketsScope) =>
  withRefs(from, scope).selectAll('tickets');
const withAnswer = (from: SelectQueryBuilder<Database, 'tickets', object>, scope?: TicketsScope) =>
  withRefs(from, scope).select(PRESENTED_TICKET_COLUMNS.map((column) => `tickets.${column}` as const));

function withRefs(from: SelectQueryBuilder<Database, 'tickets', object>, scope?: TicketsScope) {
  return from
    .innerJoin('contacts', 'contacts.id', 'tickets.contactId')
    .leftJoin('users', 'users.id', 'tickets.userId')
    .leftJoin('queues', 'queues.id', 'tickets.queueId')
    .leftJoin('whatsapps', 'whatsapps.id', 'tickets.whatsappId')
    .select([
      'users.name as userName',
      'queues.name as queueName',
      'queues.color as queueColor',
      'whatsapps.name as whatsappName',
    ])
    .select((eb) => (scope ? tagsOf(scope) : ticketTags(eb)).as('tags'))
    .select(CONTACT_ALIASES.map(([column, alias]) => `contacts.${column} as ${alias}` as const));
}

/**
 * Each ticket's tags `[{id, name, color}]` by name. They are grouped by ticket once per statement, for all of its
 * tickets (an uncorrelated subquery, run once), and each row takes its own by key: a subquery per ticket cost
 * twice as much, 0.3 ms of a 40-ticket page. The company keeps the (company, ticket, tag) key one range per
 * ticket; the policy's condition can not be an index key.
 */
function tagsOf({ companyId, ids }: TicketsScope) {
  return sql<Array<{ id: number; name: string; color: string }>>`coalesce((
      select jsonb_object_agg(tagged.ticket_id, tagged.tags) from (
        select ticket_tags.ticket_id,
               jsonb_agg(jsonb_build_object('id', tags.id, 'name', tags.name, 'color', tags.color)
                         order by tags.name) as tags
          from ticket_tags join tags on tags.id = ticket_tags.tag_id
         where ticket_tags.company_id = ${companyId} and ticket_tags.ticket_id = any(${ids})
         group by ticket_tags.ticket_id) as tagged
    ) -> tickets.id::text, '[]'::jsonb)`;
}

// Every message page and every ticket event reads its tickets this way: compiled once (statement-template.ts).
export const ticketsWithContacts = new StatementTemplate((tx, args: { ids: number[] }) =>
  selectTicketViews(tx.selectFrom('tickets').where('tickets.id', '=', anyOf(args.ids)), 'row'),
);

type ContactColumn = (typeof PRESENTED_CONTACT_COLUMNS)[number];
const contactAlias = (column: ContactColumn) =>
  `contact${column.charAt(0).toUpperCase()}${column.slice(1)}` as `contact${Capitalize<ContactColumn>}`;
/** Each presented contact column with its alias in the ticket rows, named once rather than for every row. */
export const CONTACT_ALIASES = PRESENTED_CONTACT_COLUMNS.map(
  (column) => [column, contactAlias(column)] as const,
);
