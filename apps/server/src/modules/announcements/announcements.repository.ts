import type { Insertable, Selectable, Updateable } from 'kysely';
import type { AnnouncementsTable } from '../../platform/db/schema';
import { textContains } from '../../platform/db/search';
import type { SystemTx } from '../../platform/tenancy';

export type AnnouncementRow = Selectable<AnnouncementsTable>;

// Announcements are global (no tenant, no row-level security): every query runs in a system transaction.

/** A page of announcements by priority (1 high first), then newest; `activeOnly` hides the inactive ones. */
export async function pageAnnouncements(
  tx: SystemTx,
  page: { search: string; activeOnly: boolean; limit: number; offset: number },
): Promise<{ rows: AnnouncementRow[]; count: number }> {
  const query = tx.db
    .selectFrom('announcements')
    .$if(page.activeOnly, (q) => q.where('status', '=', true))
    .$if(page.search !== '', (q) => q.where(textContains('announcements.title', page.search)));
  const total = await query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
  const rows = await query
    .selectAll()
    .orderBy('priority')
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { rows, count: Number(total.count) };
}

export const findAnnouncement = (tx: SystemTx, id: number): Promise<AnnouncementRow | undefined> =>
  tx.db.selectFrom('announcements').where('id', '=', id).selectAll().executeTakeFirst();

export const insertAnnouncement = (
  tx: SystemTx,
  values: Insertable<AnnouncementsTable>,
): Promise<AnnouncementRow> =>
  tx.db.insertInto('announcements').values(values).returningAll().executeTakeFirstOrThrow();

export const updateAnnouncementRow = (
  tx: SystemTx,
  id: number,
  patch: Updateable<AnnouncementsTable>,
): Promise<AnnouncementRow | undefined> =>
  tx.db
    .updateTable('announcements')
    .set({ ...patch, updatedAt: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();

export const deleteAnnouncementRow = (tx: SystemTx, id: number): Promise<AnnouncementRow | undefined> =>
  tx.db.deleteFrom('announcements').where('id', '=', id).returningAll().executeTakeFirst();
