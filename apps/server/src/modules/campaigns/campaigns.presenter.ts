import type { CampaignReport, CampaignView } from '@zapdesk/contracts';
import type { TenantTx } from '../../platform/tenancy';
import { campaignReports, getCampaign, type CampaignRow } from './campaigns.repository';

const emptyReport: CampaignReport = {
  validContacts: 0,
  confirmationRequested: 0,
  confirmed: 0,
  delivered: 0,
  failed: 0,
  total: 0,
};

export function presentCampaign(row: CampaignRow, report: CampaignReport = emptyReport): CampaignView {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    message1: row.message1,
    message2: row.message2,
    message3: row.message3,
    message4: row.message4,
    message5: row.message5,
    confirmationMessage1: row.confirmationMessage1,
    confirmationMessage2: row.confirmationMessage2,
    confirmationMessage3: row.confirmationMessage3,
    confirmationMessage4: row.confirmationMessage4,
    confirmationMessage5: row.confirmationMessage5,
    confirmation: row.confirmation,
    mediaPath: row.mediaPath,
    mediaName: row.mediaName,
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    timeZone: row.timeZone ?? '',
    whatsappId: row.whatsappId,
    contactListId: row.contactListId,
    tagId: row.tagId,
    fileListId: row.fileListId,
    companyId: row.companyId,
    contactList:
      row.contactListId === null ? null : { id: row.contactListId, name: row.contactListName ?? '' },
    whatsapp: row.whatsappId === null ? null : { id: row.whatsappId, name: row.whatsappName ?? '' },
    report,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function presentCampaignRows(tx: TenantTx, rows: CampaignRow[]): Promise<CampaignView[]> {
  const reports = await campaignReports(tx, rows);
  return rows.map((row) => presentCampaign(row, reports.get(row.id)));
}

/** The campaign as the API shows it, with its report counts. */
export async function loadCampaignView(tx: TenantTx, id: number): Promise<CampaignView> {
  const [view] = await presentCampaignRows(tx, [await getCampaign(tx, id)]);
  if (!view) throw new Error(`campaign ${id} not presented`);
  return view;
}
