import { AppError } from '../../platform/http/app-error';
import type { TenantTx } from '../../platform/tenancy';
import { getSetting } from './settings.repository';

/**
 * Server-behaviour 1.6: the campaign routes need the plan flag useCampaigns (checked by the route binder) and the
 * company setting `campaignsEnabled` not turned off (checked here, inside the request's transaction).
 */
export async function assertCampaignsEnabled(tx: TenantTx): Promise<void> {
  if ((await getSetting(tx, 'campaignsEnabled')) === 'false') {
    throw new AppError('ERR_PLAN_FEATURE_DISABLED', 'Campaigns are turned off for the company');
  }
}
