import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { QueueOptionsTable } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import type { TenantTx } from '../../platform/tenancy';

export type QueueOptionRow = Selectable<QueueOptionsTable>;

/** Options are numbered by the client; numeric ordinals sort as numbers (2 before 10), the rest as text after. */
const numericOption = sql`case when ${sql.ref('queueOptions.option')} ~ '^[0-9]{1,9}$'
  then ${sql.ref('queueOptions.option')}::int end`;

/** The options of one level (`parentId` null = root, undefined = every level), by option. */
export function listOptionRows(
  tx: TenantTx,
  filter: { queueId?: number; parentId?: number | null },
): Promise<QueueOptionRow[]> {
  let query = tx.selectFrom('queueOptions').selectAll();
  if (filter.queueId !== undefined) query = query.where('queueId', '=', filter.queueId);
  if (filter.parentId === null) query = query.where('parentId', 'is', null);
  else if (filter.parentId !== undefined) query = query.where('parentId', '=', filter.parentId);
  return query
    .orderBy(numericOption, (ob) => ob.asc().nullsLast())
    .orderBy('option')
    .orderBy('id')
    .execute();
}

/** Direct children of the given options, in one query, by option. */
export async function childrenOf(tx: TenantTx, parentIds: number[]): Promise<Map<number, QueueOptionRow[]>> {
  const result = new Map<number, QueueOptionRow[]>(parentIds.map((id) => [id, []]));
  if (parentIds.length === 0) return result;
  const rows = await tx
    .selectFrom('queueOptions')
    .where('parentId', 'in', parentIds)
    .selectAll()
    .orderBy(numericOption, (ob) => ob.asc().nullsLast())
    .orderBy('option')
    .orderBy('id')
    .execute();
  for (const row of rows) if (row.parentId !== null) result.get(row.parentId)?.push(row);
  return result;
}

/** One option of the company; another company's id is a 404 like a missing one. */
export async function getOption(tx: TenantTx, id: number): Promise<QueueOptionRow> {
  const row = await tx.selectFrom('queueOptions').where('id', '=', id).selectAll().executeTakeFirst();
  if (!row) throw AppError.notFound();
  return row;
}

/** Throws 404 unless the id is a queue of the company. */
export async function assertCompanyQueue(tx: TenantTx, queueId: number): Promise<void> {
  const found = await tx.selectFrom('queues').where('id', '=', queueId).select('id').executeTakeFirst();
  if (!found) throw AppError.notFound();
}

export function insertOption(
  tx: TenantTx,
  values: Omit<Insertable<QueueOptionsTable>, 'companyId'>,
): Promise<QueueOptionRow> {
  return tx
    .insertInto('queueOptions')
    .values({ ...values, companyId: tx.companyId })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateOptionRow(
  tx: TenantTx,
  id: number,
  changes: Updateable<QueueOptionsTable>,
): Promise<QueueOptionRow> {
  const row = await tx
    .updateTable('queueOptions')
    .set({ ...changes, updatedAt: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw AppError.notFound();
  return row;
}

/** Deletes an option; the parent foreign key deletes its children, and theirs. */
export async function deleteOptionRow(tx: TenantTx, id: number): Promise<boolean> {
  const result = await tx.deleteFrom('queueOptions').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Stored files of an option and all its descendants. */
export async function subtreeMediaPaths(tx: TenantTx, id: number): Promise<string[]> {
  const { rows } = await sql<{ mediaPath: string }>`
    with recursive tree as (
      select id, media_path from queue_options where company_id = ${tx.companyId} and id = ${id}
      union all
      select child.id, child.media_path from queue_options child
        join tree on child.parent_id = tree.id
       where child.company_id = ${tx.companyId}
    )
    select media_path from tree where media_path is not null`.execute(tx.unscoped());
  return rows.map((row) => row.mediaPath);
}
