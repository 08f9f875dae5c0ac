import type { Insertable, Selectable, Updateable } from 'kysely';
import type { CampaignReport } from '@zapdesk/contracts';
import type { CampaignsTable } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import { textContains } from '../../platform/db/search';
import type { TenantTx } from '../../platform/tenancy';

export type CampaignRow = Selectable<CampaignsTable> & {
  contactListName: string | null;
  whatsappName: string | null;
};

function campaignsWithNames(tx: TenantTx) {
  return tx
    .selectFrom('campaigns')
    .leftJoin('contactLists', 'contactLists.id', 'campaigns.contactListId')
    .leftJoin('whatsapps', 'whatsapps.id', 'campaigns.whatsappId')
    .selectAll('campaigns')
    .select(['contactLists.name as contactListName', 'whatsapps.name as whatsappName']);
}

/** A page of campaigns whose name contains `search`, newest first. */
export async function pageCampaigns(
  tx: TenantTx,
  page: { search: string; limit: number; offset: number },
): Promise<{ rows: CampaignRow[]; count: number }> {
  const total = await tx
    .selectFrom('campaigns')
    .$if(page.search !== '', (q) => q.where(textContains('campaigns.name', page.search)))
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  const rows = await campaignsWithNames(tx)
    .$if(page.search !== '', (q) => q.where(textContains('campaigns.name', page.search)))
    .orderBy('campaigns.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { rows, count: Number(total.count) };
}

export function allCampaigns(tx: TenantTx): Promise<CampaignRow[]> {
  return campaignsWithNames(tx).orderBy('campaigns.id', 'desc').execute();
}

export async function getCampaign(tx: TenantTx, id: number): Promise<CampaignRow> {
  const row = await campaignsWithNames(tx).where('campaigns.id', '=', id).executeTakeFirst();
  if (!row) throw AppError.notFound();
  return row;
}

/** The campaign row locked until the transaction ends (edits and transitions judge its stored status). */
export async function lockCampaign(tx: TenantTx, id: number): Promise<Selectable<CampaignsTable>> {
  const row = await tx
    .selectFrom('campaigns')
    .where('id', '=', id)
    .selectAll()
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw AppError.notFound();
  return row;
}

export async function insertCampaign(
  tx: TenantTx,
  values: Omit<Insertable<CampaignsTable>, 'companyId'>,
): Promise<number> {
  const row = await tx
    .insertInto('campaigns')
    .values({ ...values, companyId: tx.companyId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCampaignRow(
  tx: TenantTx,
  id: number,
  changes: Updateable<CampaignsTable>,
): Promise<void> {
  await tx
    .updateTable('campaigns')
    .set({ ...changes, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function deleteCampaignRow(tx: TenantTx, id: number): Promise<void> {
  await tx.deleteFrom('campaigns').where('id', '=', id).execute();
}

/** The report counts of each campaign, over its shipping rows (and its list's valid items before it starts). */
export async function campaignReports(
  tx: TenantTx,
  rows: CampaignRow[],
): Promise<Map<number, CampaignReport>> {
  const reports = new Map<number, CampaignReport>();
  if (rows.length === 0) return reports;
  const shipping = await tx
    .selectFrom('campaignShipping')
    .where(
      'campaignId',
      'in',
      rows.map((r) => r.id),
    )
    .select((eb) => [
      'campaignId',
      eb.fn.countAll<string>().as('total'),
      eb.fn.count<string>('deliveredAt').as('delivered'),
      eb.fn.count<string>('failedAt').as('failed'),
      eb.fn.count<string>('confirmationRequestedAt').as('confirmationRequested'),
      eb.fn.count<string>('confirmedAt').as('confirmed'),
    ])
    .groupBy('campaignId')
    .execute();
  const listIds = [...new Set(rows.flatMap((r) => (r.contactListId === null ? [] : [r.contactListId])))];
  const valid =
    listIds.length === 0
      ? []
      : await tx
          .selectFrom('contactListItems')
          .where('contactListId', 'in', listIds)
          .where('isWhatsappValid', '=', true)
          .select((eb) => ['contactListId', eb.fn.countAll<string>().as('count')])
          .groupBy('contactListId')
          .execute();
  const validByList = new Map(valid.map((v) => [v.contactListId, Number(v.count)]));
  const byCampaign = new Map(shipping.map((s) => [s.campaignId, s]));
  for (const row of rows) {
    const s = byCampaign.get(row.id);
    const total = Number(s?.total ?? 0);
    reports.set(row.id, {
      validContacts: total > 0 ? total : (validByList.get(row.contactListId ?? 0) ?? 0),
      confirmationRequested: Number(s?.confirmationRequested ?? 0),
      confirmed: Number(s?.confirmed ?? 0),
      delivered: Number(s?.delivered ?? 0),
      failed: Number(s?.failed ?? 0),
      total,
    });
  }
  return reports;
}
