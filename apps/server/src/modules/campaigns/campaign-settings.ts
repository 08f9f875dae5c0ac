import {
  CAMPAIGN_SETTINGS_DEFAULTS,
  CampaignSettingsValues,
  type CampaignSettingsInput,
  type CampaignSettingView,
} from '@zapdesk/contracts';
import type { AppContext } from '../../platform/context';
import type { TenantScope, TenantTx } from '../../platform/tenancy';
import { assertCampaignsEnabled } from '../settings';

const settingKeys = ['messageInterval', 'longerIntervalAfter', 'greaterInterval', 'variables'] as const;

/** The stored rows, with the defaults for keys never written (value = JSON text, server-behaviour 10.2). */
async function settingRows(tx: TenantTx): Promise<CampaignSettingView[]> {
  const rows = await tx.selectFrom('campaignSettings').select(['id', 'key', 'value']).orderBy('id').execute();
  const stored = new Map(rows.map((r) => [r.key, r]));
  return settingKeys.map(
    (key) => stored.get(key) ?? { id: 0, key, value: JSON.stringify(CAMPAIGN_SETTINGS_DEFAULTS[key]) },
  );
}

/** The values the dispatcher paces with; a stored value that no longer parses falls back to its default. */
export async function loadCampaignSettings(tx: TenantTx): Promise<CampaignSettingsValues> {
  const values: Record<string, unknown> = { ...CAMPAIGN_SETTINGS_DEFAULTS };
  for (const row of await settingRows(tx)) {
    try {
      values[row.key] = JSON.parse(row.value);
    } catch {
      // keep the default
    }
  }
  const parsed = CampaignSettingsValues.safeParse(values);
  return parsed.success ? parsed.data : CAMPAIGN_SETTINGS_DEFAULTS;
}

export function listCampaignSettings(scope: TenantScope): Promise<CampaignSettingView[]> {
  return scope.run(async (tx) => {
    await assertCampaignsEnabled(tx);
    return settingRows(tx);
  });
}

/** Upserts each given key and emits `-campaignSettings` with the stored rows. */
export function saveCampaignSettings(
  ctx: AppContext,
  scope: TenantScope,
  input: CampaignSettingsInput,
): Promise<CampaignSettingView[]> {
  return scope.run(async (tx) => {
    await assertCampaignsEnabled(tx);
    for (const key of settingKeys) {
      const value = input.settings[key];
      if (value === undefined) continue;
      const text = JSON.stringify(value);
      await tx
        .insertInto('campaignSettings')
        .values({ companyId: tx.companyId, key, value: text })
        .onConflict((oc) =>
          oc.columns(['companyId', 'key']).doUpdateSet({ value: text, updatedAt: new Date() }),
        )
        .execute();
    }
    const rows = await settingRows(tx);
    const companyId = tx.companyId;
    tx.afterCommit(() =>
      ctx.realtime.emitToCompany(companyId, 'campaignSettings', { action: 'update', settings: rows }),
    );
    return rows;
  });
}
