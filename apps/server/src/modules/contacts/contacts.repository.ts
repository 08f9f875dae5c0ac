import { sql, type Updateable } from 'kysely';
import type { ContactsTable } from '../../platform/db/schema';
import { textContains } from '../../platform/db/search';
import { AppError, isUniqueViolation } from '../../platform/http/app-error';
import type { TenantTx } from '../../platform/tenancy';
import type { ContactRow } from './contacts.presenter';

export interface ExtraInfoRow {
  id: number;
  name: string;
  value: string;
}

export interface ContactPageFilter {
  search: string;
  /** Local-day bounds on createdAt, inclusive (yyyy-MM-dd). */
  from?: string;
  to?: string;
  timeZone: string;
  limit: number;
  offset: number;
}

const localDayStart = (day: string, timeZone: string) =>
  sql<Date>`(${day}::date)::timestamp at time zone ${timeZone}`;
const localDayEnd = (day: string, timeZone: string) =>
  sql<Date>`((${day}::date + 1)::timestamp at time zone ${timeZone})`;

/** A page of contacts matching `search` on name (accent-insensitive) or number, by name. */
export async function pageContacts(
  tx: TenantTx,
  filter: ContactPageFilter,
): Promise<{ rows: ContactRow[]; count: number }> {
  const { from, to, timeZone } = filter;
  const query = tx
    .selectFrom('contacts')
    .$if(filter.search !== '', (q) =>
      q.where((eb) =>
        eb.or([textContains('contacts.name', filter.search), textContains('contacts.number', filter.search)]),
      ),
    )
    .$if(from !== undefined, (q) => q.where('createdAt', '>=', localDayStart(from ?? '', timeZone)))
    .$if(to !== undefined, (q) => q.where('createdAt', '<', localDayEnd(to ?? '', timeZone)));
  const total = await query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
  const rows = await query
    .selectAll()
    .orderBy('name')
    .orderBy('id')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  return { rows, count: Number(total.count) };
}

export function listContactEntries(tx: TenantTx) {
  return tx
    .selectFrom('contacts')
    .select(['id', 'name', 'number', 'email'])
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export function listContactsForExport(tx: TenantTx) {
  return tx
    .selectFrom('contacts')
    .select(['name', 'number', 'email'])
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export async function getContact(tx: TenantTx, id: number): Promise<ContactRow> {
  const row = await tx.selectFrom('contacts').where('id', '=', id).selectAll().executeTakeFirst();
  if (!row) throw AppError.notFound('ERR_NO_CONTACT_FOUND');
  return row;
}

export function findContactByNumber(tx: TenantTx, number: string): Promise<ContactRow | undefined> {
  return tx.selectFrom('contacts').where('number', '=', number).selectAll().executeTakeFirst();
}

const duplicated = () => new AppError('ERR_DUPLICATED_CONTACT', 'A contact with this number already exists');

/** Inserts a contact; the (company, number) unique key refuses a duplicate without aborting the transaction. */
export async function insertContact(
  tx: TenantTx,
  values: { name: string; number: string; email: string; whatsappId?: number | null },
): Promise<ContactRow> {
  const row = await tx
    .insertInto('contacts')
    .values({ companyId: tx.companyId, ...values })
    .onConflict((oc) => oc.columns(['companyId', 'number']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!row) throw duplicated();
  return row;
}

/** Inserts many contacts at once; answers the created rows by number (numbers already taken are left out). */
export async function insertContacts(
  tx: TenantTx,
  values: Array<{ name: string; number: string; email: string }>,
): Promise<Map<string, ContactRow>> {
  if (values.length === 0) return new Map();
  const rows = await tx
    .insertInto('contacts')
    .values(values.map((v) => ({ companyId: tx.companyId, ...v })))
    .onConflict((oc) => oc.columns(['companyId', 'number']).doNothing())
    .returningAll()
    .execute();
  return new Map(rows.map((row) => [row.number, row]));
}

export async function updateContactRow(
  tx: TenantTx,
  id: number,
  changes: Updateable<ContactsTable>,
): Promise<ContactRow> {
  try {
    const row = await tx
      .updateTable('contacts')
      .set({ ...changes, updatedAt: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw AppError.notFound('ERR_NO_CONTACT_FOUND');
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicated();
    throw error;
  }
}

export async function deleteContactRow(tx: TenantTx, id: number): Promise<boolean> {
  const result = await tx.deleteFrom('contacts').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export function extraInfoOf(tx: TenantTx, contactId: number): Promise<ExtraInfoRow[]> {
  return tx
    .selectFrom('contactCustomFields')
    .where('contactId', '=', contactId)
    .select(['id', 'name', 'value'])
    .orderBy('id')
    .execute();
}

/** Replaces the contact's extra info with the given fields. */
export async function replaceExtraInfo(
  tx: TenantTx,
  contactId: number,
  fields: Array<{ name: string; value: string }>,
): Promise<void> {
  await tx.deleteFrom('contactCustomFields').where('contactId', '=', contactId).execute();
  if (fields.length === 0) return;
  await tx
    .insertInto('contactCustomFields')
    .values(fields.map((f) => ({ companyId: tx.companyId, contactId, name: f.name, value: f.value })))
    .execute();
}
