import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { TagsTable } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import { textContains } from '../../platform/db/search';
import type { TenantTx } from '../../platform/tenancy';

export type TagRow = Selectable<TagsTable>;

/** A page of tags whose name contains `search` (case- and accent-insensitive), by name in any case. */
export async function pageTags(
  tx: TenantTx,
  page: { search: string; limit: number; offset: number },
): Promise<{ rows: TagRow[]; count: number }> {
  const query = tx
    .selectFrom('tags')
    .$if(page.search !== '', (q) => q.where(textContains('tags.name', page.search)));
  const total = await query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
  const rows = await query
    .selectAll()
    .orderBy((eb) => eb.fn('lower', ['tags.name']))
    .orderBy('name')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { rows, count: Number(total.count) };
}

export function listTagRows(tx: TenantTx): Promise<TagRow[]> {
  return tx
    .selectFrom('tags')
    .selectAll()
    .orderBy((eb) => eb.fn('lower', ['tags.name']))
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/**
 * The kanban lanes: tags with kanban=1, by id, each with its ticket count in the same statement (the board loads
 * them on every visit: one statement lets the caller read without a transaction of its own).
 */
export function kanbanTagRows(tx: TenantTx): Promise<(TagRow & { ticketsCount: string })[]> {
  return tx
    .selectFrom('tags')
    .where('kanban', '=', 1)
    .selectAll('tags')
    .select(
      sql<string>`(select count(*) from ticket_tags
        where ticket_tags.company_id = ${tx.companyId} and ticket_tags.tag_id = tags.id)`.as('ticketsCount'),
    )
    .orderBy('id')
    .execute();
}

/** How many tickets carry each given tag, in one query. */
export async function ticketCounts(tx: TenantTx, tagIds: number[]): Promise<Map<number, number>> {
  if (tagIds.length === 0) return new Map();
  const rows = await tx
    .selectFrom('ticketTags')
    .where('tagId', 'in', tagIds)
    .select((eb) => ['tagId', eb.fn.countAll<string>().as('count')])
    .groupBy('tagId')
    .execute();
  return new Map(rows.map((row) => [row.tagId, Number(row.count)]));
}

/** One tag of the company; another company's id is a 404 like a missing one. */
export async function getTag(tx: TenantTx, id: number): Promise<TagRow> {
  const row = await tx.selectFrom('tags').where('id', '=', id).selectAll().executeTakeFirst();
  if (!row) throw AppError.notFound();
  return row;
}

export function insertTag(tx: TenantTx, values: Omit<Insertable<TagsTable>, 'companyId'>): Promise<TagRow> {
  return tx
    .insertInto('tags')
    .values({ ...values, companyId: tx.companyId })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateTagRow(
  tx: TenantTx,
  id: number,
  changes: Updateable<TagsTable>,
): Promise<TagRow> {
  const row = await tx
    .updateTable('tags')
    .set({ ...changes, updatedAt: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw AppError.notFound();
  return row;
}

/** Deletes a tag; the foreign key takes it off every ticket. */
export async function deleteTagRow(tx: TenantTx, id: number): Promise<boolean> {
  const result = await tx.deleteFrom('tags').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
