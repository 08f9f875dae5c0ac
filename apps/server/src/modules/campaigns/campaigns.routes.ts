import { routes } from '@zapdesk/contracts';
import { readUpload } from '../../platform/http/media-upload';
import { attachCampaignMedia, removeCampaignMedia } from './campaign-media.service';
import { listCampaignSettings, saveCampaignSettings } from './campaign-settings';
import {
  cancelCampaign,
  createCampaign,
  deleteCampaign,
  listAllCampaigns,
  listCampaigns,
  restartCampaign,
  showCampaign,
  updateCampaign,
  type CampaignsEnv,
} from './campaigns.service';

/** Campaigns and their settings (spec 2 sections 2–5 and 7; server-behaviour 10.2–10.4). */
export function registerCampaignsRoutes(env: CampaignsEnv): void {
  const { ctx } = env;
  const r = routes.campaigns;
  ctx.bind(r.list, ({ scope, query }) => listCampaigns(scope, query));
  ctx.bind(r.listAll, ({ scope }) => listAllCampaigns(scope));
  ctx.bind(r.get, ({ scope, params }) => showCampaign(scope, params.id));
  ctx.bind(r.create, ({ scope, body }) => createCampaign(env, scope, body));
  ctx.bind(r.update, ({ scope, params, body }) => updateCampaign(env, scope, params.id, body));
  ctx.bind(r.remove, ({ scope, params }) => deleteCampaign(env, scope, params.id));
  ctx.bind(r.uploadMedia, async ({ scope, params, request }) =>
    attachCampaignMedia(env, scope, params.id, await readUpload(request)),
  );
  ctx.bind(r.removeMedia, ({ scope, params }) => removeCampaignMedia(env, scope, params.id));
  ctx.bind(r.cancel, ({ scope, params }) => cancelCampaign(env, scope, params.id), { status: 204 });
  ctx.bind(r.restart, ({ scope, params }) => restartCampaign(env, scope, params.id), { status: 204 });
  ctx.bind(r.settings, ({ scope }) => listCampaignSettings(scope));
  ctx.bind(r.saveSettings, ({ scope, body }) => saveCampaignSettings(ctx, scope, body));
}
