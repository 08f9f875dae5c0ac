import type { Insertable, Selectable, Updateable } from 'kysely';
import type { SchedulesTable } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import { textContains } from '../../platform/db/search';
import type { TenantTx } from '../../platform/tenancy';

export type ScheduleRow = Selectable<SchedulesTable>;

/** A schedule with what its answer names: the contact and the author. */
export interface ScheduleRecord extends ScheduleRow {
  contactName: string;
  contactNumber: string;
  userName: string | null;
}

function records(tx: TenantTx) {
  return tx
    .selectFrom('schedules')
    .innerJoin('contacts', 'contacts.id', 'schedules.contactId')
    .leftJoin('users', 'users.id', 'schedules.userId')
    .selectAll('schedules')
    .select(['contacts.name as contactName', 'contacts.number as contactNumber', 'users.name as userName']);
}

export interface SchedulePageFilter {
  search: string;
  contactId?: number;
  userId?: number;
  limit: number;
  offset: number;
}

/** A page of the company's schedules whose body or contact name contains `search`, by sendAt. */
export async function pageSchedules(
  tx: TenantTx,
  page: SchedulePageFilter,
): Promise<{ rows: ScheduleRecord[]; count: number }> {
  const filtered = <Q extends ReturnType<typeof records>>(q: Q) =>
    q
      .$if(page.contactId !== undefined, (w) => w.where('schedules.contactId', '=', page.contactId ?? 0))
      .$if(page.userId !== undefined, (w) => w.where('schedules.userId', '=', page.userId ?? 0))
      .$if(page.search !== '', (w) =>
        w.where((eb) =>
          eb.or([textContains('schedules.body', page.search), textContains('contacts.name', page.search)]),
        ),
      );
  const base = filtered(records(tx));
  const total = await base
    .clearSelect()
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  const rows = await base
    .orderBy('schedules.sendAt')
    .orderBy('schedules.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { rows, count: Number(total.count) };
}

/** One schedule of the company; another company's id is a 404 like a missing one. */
export async function getScheduleRecord(tx: TenantTx, id: number): Promise<ScheduleRecord> {
  const row = await records(tx).where('schedules.id', '=', id).executeTakeFirst();
  if (!row) throw AppError.notFound();
  return row;
}

/** The row locked for a change, so an edit and the sender never cross. */
export async function lockSchedule(tx: TenantTx, id: number): Promise<ScheduleRow> {
  const row = await tx
    .selectFrom('schedules')
    .where('id', '=', id)
    .selectAll()
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw AppError.notFound();
  return row;
}

export async function insertSchedule(
  tx: TenantTx,
  values: Omit<Insertable<SchedulesTable>, 'companyId'>,
): Promise<number> {
  const row = await tx
    .insertInto('schedules')
    .values({ ...values, companyId: tx.companyId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateScheduleRow(
  tx: TenantTx,
  id: number,
  changes: Updateable<SchedulesTable>,
): Promise<void> {
  const result = await tx
    .updateTable('schedules')
    .set({ ...changes, updatedAt: new Date() })
    .where('id', '=', id)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) throw AppError.notFound();
}

export async function deleteScheduleRow(tx: TenantTx, id: number): Promise<boolean> {
  const result = await tx.deleteFrom('schedules').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The contact must be the company's: another company's id is a 404 like a missing one. */
export async function assertContactOfCompany(tx: TenantTx, contactId: number): Promise<void> {
  const contact = await tx.selectFrom('contacts').where('id', '=', contactId).select('id').executeTakeFirst();
  if (!contact) throw AppError.notFound('ERR_NO_CONTACT_FOUND');
}
