import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { HelpsTable } from '../../platform/db/schema';
import type { SystemTx } from '../../platform/tenancy';

export type HelpRow = Selectable<HelpsTable>;

// Help videos are global (no company): every query runs in a system transaction.

/** Case- and accent-insensitive substring match on the title; LIKE wildcards in the term are literal. */
function titleContains(term: string) {
  const pattern = `%${term.replace(/[\\%_]/g, '\\$&')}%`;
  return sql<boolean>`search_text(${sql.ref('helps.title')}) like search_text(${pattern})`;
}

export async function listHelpPage(
  tx: SystemTx,
  page: { search: string; offset: number; limit: number },
): Promise<{ rows: HelpRow[]; count: number }> {
  const rows = await tx.db
    .selectFrom('helps')
    .selectAll()
    .$if(page.search !== '', (q) => q.where(titleContains(page.search)))
    .orderBy('title')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const total = await tx.db
    .selectFrom('helps')
    .$if(page.search !== '', (q) => q.where(titleContains(page.search)))
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return { rows, count: Number(total.count) };
}

export const listAllHelps = (tx: SystemTx): Promise<HelpRow[]> =>
  tx.db.selectFrom('helps').selectAll().orderBy('title').orderBy('id').execute();

export const findHelp = (tx: SystemTx, id: number): Promise<HelpRow | undefined> =>
  tx.db.selectFrom('helps').where('id', '=', id).selectAll().executeTakeFirst();

export const insertHelp = (tx: SystemTx, values: Insertable<HelpsTable>): Promise<HelpRow> =>
  tx.db.insertInto('helps').values(values).returningAll().executeTakeFirstOrThrow();

export const updateHelpRow = (
  tx: SystemTx,
  id: number,
  patch: Updateable<HelpsTable>,
): Promise<HelpRow | undefined> =>
  tx.db
    .updateTable('helps')
    .set({ ...patch, updatedAt: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();

export async function deleteHelpRow(tx: SystemTx, id: number): Promise<boolean> {
  const result = await tx.db.deleteFrom('helps').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
