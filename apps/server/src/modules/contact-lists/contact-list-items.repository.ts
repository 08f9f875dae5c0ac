import { sql, type Selectable, type Updateable } from 'kysely';
import type { ContactListItemsTable } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import { textContains } from '../../platform/db/search';
import type { TenantTx } from '../../platform/tenancy';

export type ContactListItemRow = Selectable<ContactListItemsTable>;

export interface ItemFields {
  name: string;
  number: string;
  email: string;
}

/** A page of a list's items whose name or number contains `search`, by name. */
export async function pageItems(
  tx: TenantTx,
  page: { contactListId: number; search: string; limit: number; offset: number },
): Promise<{ rows: ContactListItemRow[]; count: number }> {
  const query = tx
    .selectFrom('contactListItems')
    .where('contactListId', '=', page.contactListId)
    .$if(page.search !== '', (q) =>
      q.where((eb) =>
        eb.or([
          textContains('contactListItems.name', page.search),
          eb('number', 'like', `%${page.search.replace(/\D/g, '') || page.search}%`),
        ]),
      ),
    );
  const total = await query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
  const rows = await query
    .selectAll()
    .orderBy((eb) => eb.fn('lower', ['contactListItems.name']))
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { rows, count: Number(total.count) };
}

/** Every item of a list, by name (the CSV export). */
export function listItems(tx: TenantTx, contactListId: number): Promise<ContactListItemRow[]> {
  return tx
    .selectFrom('contactListItems')
    .where('contactListId', '=', contactListId)
    .selectAll()
    .orderBy((eb) => eb.fn('lower', ['contactListItems.name']))
    .orderBy('id')
    .execute();
}

export async function getItem(tx: TenantTx, id: number): Promise<ContactListItemRow> {
  const row = await tx.selectFrom('contactListItems').where('id', '=', id).selectAll().executeTakeFirst();
  if (!row) throw AppError.notFound();
  return row;
}

/**
 * Find-or-create on (list, number), many at once: new rows are inserted, existing ones are left as they are.
 * Answers every item of the given numbers, and which of them were created.
 */
export async function findOrCreateItems(
  tx: TenantTx,
  contactListId: number,
  fields: ItemFields[],
): Promise<{ rows: ContactListItemRow[]; createdIds: Set<number> }> {
  if (fields.length === 0) return { rows: [], createdIds: new Set() };
  const created = await tx
    .insertInto('contactListItems')
    .values(fields.map((f) => ({ ...f, companyId: tx.companyId, contactListId })))
    .onConflict((oc) => oc.columns(['companyId', 'contactListId', 'number']).doNothing())
    .returning('id')
    .execute();
  const rows = await tx
    .selectFrom('contactListItems')
    .where('contactListId', '=', contactListId)
    .where(
      'number',
      'in',
      fields.map((f) => f.number),
    )
    .selectAll()
    .orderBy('id')
    .execute();
  return { rows, createdIds: new Set(created.map((r) => r.id)) };
}

/** Edits an item; a number taken by another item of the list is refused. */
export async function updateItemRow(
  tx: TenantTx,
  id: number,
  changes: Updateable<ContactListItemsTable>,
): Promise<ContactListItemRow> {
  const row = await tx
    .updateTable('contactListItems')
    .set({ ...changes, updatedAt: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()
    .catch((error: unknown) => {
      if ((error as { code?: string }).code === '23505')
        throw AppError.validation({ number: 'Already in the list' });
      throw error;
    });
  if (!row) throw AppError.notFound();
  return row;
}

export async function deleteItemRow(tx: TenantTx, id: number): Promise<ContactListItemRow | undefined> {
  return tx.deleteFrom('contactListItems').where('id', '=', id).returningAll().executeTakeFirst();
}

/** Items whose WhatsApp check has not run yet, oldest first (the check job's next batch). */
export function uncheckedItems(
  tx: TenantTx,
  contactListId: number,
  limit: number,
): Promise<ContactListItemRow[]> {
  return tx
    .selectFrom('contactListItems')
    .where('contactListId', '=', contactListId)
    .where('isWhatsappValid', 'is', null)
    .selectAll()
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Stores a check's result; the normalised number replaces the typed one unless another item of the list already
 * has it (then the typed number stays, so the unique key holds).
 */
export async function settleCheck(
  tx: TenantTx,
  item: ContactListItemRow,
  result: { valid: boolean; number: string },
): Promise<ContactListItemRow | undefined> {
  return tx
    .updateTable('contactListItems')
    .set({
      isWhatsappValid: result.valid,
      number: sql<string>`case when exists (
        select 1 from contact_list_items other
        where other.company_id = ${tx.companyId} and other.contact_list_id = ${item.contactListId}
          and other.number = ${result.number} and other.id <> ${item.id}
      ) then contact_list_items.number else ${result.number} end`,
      updatedAt: new Date(),
    })
    .where('id', '=', item.id)
    .where('isWhatsappValid', 'is', null)
    .returningAll()
    .executeTakeFirst();
}
