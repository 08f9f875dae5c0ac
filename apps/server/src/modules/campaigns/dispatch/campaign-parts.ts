import { mimeOfFileName } from '../../../platform/storage/mime-types';
import type { TenantTx } from '../../../platform/tenancy';
import type { CampaignPart } from './campaign-outbox';

const fileNameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1).replace(/^[0-9a-f-]{36}-/, '');

/** The file list's files, the same for every contact of a campaign: read once per batch. */
export async function fileListParts(tx: TenantTx, fileListId: number | null): Promise<CampaignPart[]> {
  if (fileListId === null) return [];
  const options = await tx
    .selectFrom('fileOptions')
    .where('fileId', '=', fileListId)
    .where('path', '<>', '')
    .select(['name', 'path', 'mediaType'])
    .orderBy('id')
    .execute();
  return options.map((option) => {
    const fileName = fileNameOf(option.path);
    const mimetype = option.mediaType.includes('/') ? option.mediaType : mimeOfFileName(fileName);
    return { body: option.name || fileName, media: { path: option.path, mimetype, fileName } };
  });
}

/** Per contact (server-behaviour 10.4): the file list's files (caption = file name), then the media with the text, or the text alone. */
export function partsFor(
  files: CampaignPart[],
  campaign: { mediaPath: string | null; mediaName: string | null },
  text: string,
): CampaignPart[] {
  if (!campaign.mediaPath) return [...files, { body: text }];
  const fileName = campaign.mediaName ?? fileNameOf(campaign.mediaPath);
  return [
    ...files,
    { body: text, media: { path: campaign.mediaPath, mimetype: mimeOfFileName(fileName), fileName } },
  ];
}
