import type { CampaignView } from '@zapdesk/contracts';
import { removeStoredFiles, type Upload } from '../../platform/http/media-upload';
import type { TenantScope } from '../../platform/tenancy';
import { assertCampaignsEnabled } from '../settings';
import { campaignSaved } from './campaigns.events';
import { assertEditable } from './campaigns.policy';
import { loadCampaignView } from './campaigns.presenter';
import { lockCampaign, updateCampaignRow } from './campaigns.repository';
import type { CampaignsEnv } from './campaigns.service';

/**
 * Stores the campaign's attachment as `public/company{cid}/campaigns/<uuid>-<name>` while the campaign is
 * editable; the file it replaces goes after the commit, the new one if the save fails.
 */
export async function attachCampaignMedia(
  env: CampaignsEnv,
  scope: TenantScope,
  id: number,
  upload: Upload,
): Promise<CampaignView> {
  const stored = await env.storage.save(scope.companyId, 'campaigns', upload.fileName, upload.data);
  try {
    return await scope.run(async (tx) => {
      await assertCampaignsEnabled(tx);
      const campaign = await lockCampaign(tx, id);
      assertEditable(campaign.status);
      await updateCampaignRow(tx, id, { mediaPath: stored.relativePath, mediaName: stored.fileName });
      const replaced = campaign.mediaPath;
      if (replaced) tx.afterCommit(() => removeStoredFiles(env.ctx.log, env.storage, [replaced]));
      const view = await loadCampaignView(tx, id);
      campaignSaved(env.ctx.realtime, tx, 'update', view);
      return view;
    });
  } catch (error) {
    await removeStoredFiles(env.ctx.log, env.storage, [stored.relativePath]);
    throw error;
  }
}

export async function removeCampaignMedia(
  env: CampaignsEnv,
  scope: TenantScope,
  id: number,
): Promise<CampaignView> {
  return scope.run(async (tx) => {
    await assertCampaignsEnabled(tx);
    const campaign = await lockCampaign(tx, id);
    assertEditable(campaign.status);
    await updateCampaignRow(tx, id, { mediaPath: null, mediaName: null });
    const removed = campaign.mediaPath;
    if (removed) tx.afterCommit(() => removeStoredFiles(env.ctx.log, env.storage, [removed]));
    const view = await loadCampaignView(tx, id);
    campaignSaved(env.ctx.realtime, tx, 'update', view);
    return view;
  });
}
