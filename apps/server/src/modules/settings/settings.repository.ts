import { defaultSettings, settingKeys, type SettingKey, type SettingView } from '@zapdesk/contracts';
import type { TenantTx } from '../../platform/tenancy';

/** The company's settings, with defaults filled in for keys never written. */
export async function listSettings(tx: TenantTx): Promise<SettingView[]> {
  const rows = await tx.selectFrom('settings').select(['key', 'value']).execute();
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  return settingKeys.map((key) => ({ key, value: stored.get(key) ?? defaultSettings[key] }));
}

export async function getSetting(tx: TenantTx, key: SettingKey): Promise<string> {
  const row = await tx.selectFrom('settings').where('key', '=', key).select('value').executeTakeFirst();
  return row?.value ?? defaultSettings[key];
}

/** Upserts one setting on (company, key). */
export async function saveSetting(tx: TenantTx, key: SettingKey, value: string): Promise<SettingView> {
  await tx
    .insertInto('settings')
    .values({ companyId: tx.companyId, key, value })
    .onConflict((oc) => oc.columns(['companyId', 'key']).doUpdateSet({ value, updatedAt: new Date() }))
    .execute();
  return { key, value };
}

/** Writes every default setting for a new company (and any overrides). */
export async function seedDefaultSettings(
  tx: TenantTx,
  overrides: Partial<Record<SettingKey, string>> = {},
): Promise<void> {
  const values = settingKeys.map((key) => ({
    companyId: tx.companyId,
    key,
    value: overrides[key] ?? defaultSettings[key],
  }));
  await tx
    .insertInto('settings')
    .values(values)
    .onConflict((oc) => oc.columns(['companyId', 'key']).doNothing())
    .execute();
}
