import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { PlansTable } from '../../platform/db/schema';
import type { SystemTx } from '../../platform/tenancy';

export type PlanRow = Selectable<PlansTable>;

/** Plans are global (no company): every query runs in a system transaction. */
const byName = (tx: SystemTx) => tx.db.selectFrom('plans').selectAll().orderBy('name').orderBy('id');

/** Case- and accent-insensitive substring match; LIKE wildcards in the term are literal. */
function nameContains(term: string) {
  const pattern = `%${term.replace(/[\\%_]/g, '\\$&')}%`;
  return sql<boolean>`search_text(${sql.ref('plans.name')}) like search_text(${pattern})`;
}

export async function listPlanPage(
  tx: SystemTx,
  page: { search: string; offset: number; limit: number },
): Promise<{ rows: PlanRow[]; count: number }> {
  const rows = await byName(tx)
    .$if(page.search !== '', (q) => q.where(nameContains(page.search)))
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const total = await tx.db
    .selectFrom('plans')
    .$if(page.search !== '', (q) => q.where(nameContains(page.search)))
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return { rows, count: Number(total.count) };
}

export const listAllPlans = (tx: SystemTx): Promise<PlanRow[]> => byName(tx).execute();

export const findPlan = (tx: SystemTx, id: number): Promise<PlanRow | undefined> =>
  tx.db.selectFrom('plans').where('id', '=', id).selectAll().executeTakeFirst();

export const insertPlan = (tx: SystemTx, values: Insertable<PlansTable>): Promise<PlanRow> =>
  tx.db.insertInto('plans').values(values).returningAll().executeTakeFirstOrThrow();

export const updatePlanRow = (
  tx: SystemTx,
  id: number,
  patch: Updateable<PlansTable>,
): Promise<PlanRow | undefined> =>
  tx.db
    .updateTable('plans')
    .set({ ...patch, updatedAt: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();

export async function deletePlanRow(tx: SystemTx, id: number): Promise<boolean> {
  const result = await tx.db.deleteFrom('plans').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
