import type { Selectable } from 'kysely';
import type { ContactListsTable } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import { textContains } from '../../platform/db/search';
import type { TenantTx } from '../../platform/tenancy';

export type ContactListRow = Selectable<ContactListsTable> & { contactsCount: number };

function listsWithCounts(tx: TenantTx) {
  return tx
    .selectFrom('contactLists')
    .selectAll('contactLists')
    .select((eb) =>
      eb
        .selectFrom('contactListItems')
        .whereRef('contactListItems.contactListId', '=', 'contactLists.id')
        .select((c) => c.fn.countAll<string>().as('n'))
        .as('contactsCount'),
    );
}

const withCount = (row: Selectable<ContactListsTable> & { contactsCount: string | number | null }) => ({
  ...row,
  contactsCount: Number(row.contactsCount ?? 0),
});

/** A page of lists whose name contains `search`, by name. */
export async function pageContactLists(
  tx: TenantTx,
  page: { search: string; limit: number; offset: number },
): Promise<{ rows: ContactListRow[]; count: number }> {
  const total = await tx
    .selectFrom('contactLists')
    .$if(page.search !== '', (q) => q.where(textContains('contactLists.name', page.search)))
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  const rows = await listsWithCounts(tx)
    .$if(page.search !== '', (q) => q.where(textContains('contactLists.name', page.search)))
    .orderBy((eb) => eb.fn('lower', ['contactLists.name']))
    .orderBy('contactLists.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { rows: rows.map(withCount), count: Number(total.count) };
}

export async function allContactLists(tx: TenantTx): Promise<ContactListRow[]> {
  const rows = await listsWithCounts(tx)
    .orderBy((eb) => eb.fn('lower', ['contactLists.name']))
    .orderBy('contactLists.id')
    .execute();
  return rows.map(withCount);
}

/** One list of the company; another company's id is a 404 like a missing one. */
export async function getContactList(tx: TenantTx, id: number): Promise<ContactListRow> {
  const row = await listsWithCounts(tx).where('contactLists.id', '=', id).executeTakeFirst();
  if (!row) throw AppError.notFound();
  return withCount(row);
}

export async function insertContactList(tx: TenantTx, name: string): Promise<number> {
  const row = await tx
    .insertInto('contactLists')
    .values({ companyId: tx.companyId, name })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function renameContactList(tx: TenantTx, id: number, name: string): Promise<void> {
  const row = await tx
    .updateTable('contactLists')
    .set({ name, updatedAt: new Date() })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  if (!row) throw AppError.notFound();
}

/** Deletes a list; its items go with it (foreign key cascade), campaigns keep running without it. */
export async function deleteContactListRow(tx: TenantTx, id: number): Promise<boolean> {
  const result = await tx.deleteFrom('contactLists').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
