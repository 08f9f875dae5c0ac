import type { AppContext } from '../../platform/context';
import { MediaStorage } from '../../platform/storage/media-storage';
import { registerCampaignsRoutes } from './campaigns.routes';
import { CampaignDispatcher } from './dispatch/campaign-dispatcher';
import type { CampaignOutbox } from './dispatch/campaign-outbox';

export type { CampaignOutbox, CampaignPart, CampaignSend } from './dispatch/campaign-outbox';
export type { CampaignDispatcher } from './dispatch/campaign-dispatcher';

/**
 * Campaign routes, and the dispatcher that sends them through the outbox port handed in at wiring. The dispatcher
 * runs on worker nodes: start it once the server listens, stop it before the database closes.
 */
export function registerCampaigns(ctx: AppContext, outbox: CampaignOutbox): CampaignDispatcher {
  const dispatcher = new CampaignDispatcher(ctx, outbox);
  registerCampaignsRoutes({
    ctx,
    storage: new MediaStorage(ctx.config.storageDir, ctx.config.backendUrl),
    kick: () => dispatcher.kick(),
    outbox,
  });
  return dispatcher;
}
export { confirmCampaignReply } from './dispatch/campaign-confirmation';
