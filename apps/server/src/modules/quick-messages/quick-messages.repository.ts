import type { ExpressionBuilder, Insertable, Selectable, Updateable } from 'kysely';
import type { Database, QuickMessagesTable } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import { textContains } from '../../platform/db/search';
import type { TenantTx } from '../../platform/tenancy';

export type QuickMessageRow = Selectable<QuickMessagesTable>;

/** A user's own quick messages and the general ones. */
const usableBy = (ownerId: number) => (eb: ExpressionBuilder<Database, 'quickMessages'>) =>
  eb.or([eb('quickMessages.userId', '=', ownerId), eb('quickMessages.geral', '=', true)]);

/** A page of the quick messages `ownerId` may use, whose shortcode contains `search`, by shortcode. */
export async function pageQuickMessages(
  tx: TenantTx,
  page: { ownerId: number; search: string; limit: number; offset: number },
): Promise<{ rows: QuickMessageRow[]; count: number }> {
  const query = tx
    .selectFrom('quickMessages')
    .where(usableBy(page.ownerId))
    .$if(page.search !== '', (q) => q.where(textContains('quickMessages.shortcode', page.search)));
  const total = await query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
  const rows = await query
    .selectAll()
    .orderBy((eb) => eb.fn('lower', ['quickMessages.shortcode']))
    .orderBy('shortcode')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { rows, count: Number(total.count) };
}

export function listQuickMessageRows(tx: TenantTx, ownerId: number): Promise<QuickMessageRow[]> {
  return tx
    .selectFrom('quickMessages')
    .where(usableBy(ownerId))
    .selectAll()
    .orderBy((eb) => eb.fn('lower', ['quickMessages.shortcode']))
    .orderBy('shortcode')
    .orderBy('id')
    .execute();
}

/** One quick message of the company; another company's id is a 404 like a missing one. */
export async function getQuickMessage(tx: TenantTx, id: number): Promise<QuickMessageRow> {
  const row = await tx.selectFrom('quickMessages').where('id', '=', id).selectAll().executeTakeFirst();
  if (!row) throw AppError.notFound();
  return row;
}

export function insertQuickMessage(
  tx: TenantTx,
  values: Omit<Insertable<QuickMessagesTable>, 'companyId'>,
): Promise<QuickMessageRow> {
  return tx
    .insertInto('quickMessages')
    .values({ ...values, companyId: tx.companyId })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateQuickMessageRow(
  tx: TenantTx,
  id: number,
  changes: Updateable<QuickMessagesTable>,
): Promise<QuickMessageRow> {
  const row = await tx
    .updateTable('quickMessages')
    .set({ ...changes, updatedAt: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw AppError.notFound();
  return row;
}

export async function deleteQuickMessageRow(tx: TenantTx, id: number): Promise<boolean> {
  const result = await tx.deleteFrom('quickMessages').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
