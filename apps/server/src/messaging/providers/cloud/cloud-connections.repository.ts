import type { Scopes } from '../../../platform/tenancy';
import type { ConnectionDescriptor } from '..';

/**
 * The cloud connection a webhook URL names, whatever its company: the caller proves it is Meta with the
 * connection's own secrets before anything is stored, so the lookup has to come first (`asSystem`).
 */
export async function findCloudConnection(
  scopes: Scopes,
  whatsappId: number,
): Promise<ConnectionDescriptor | undefined> {
  const row = await scopes.asSystem((tx) =>
    tx.db
      .selectFrom('whatsapps')
      .where('id', '=', whatsappId)
      .where('provider', '=', 'cloud')
      .select(['id', 'companyId', 'name', 'provider', 'providerConfig'])
      .executeTakeFirst(),
  );
  if (!row) return undefined;
  const config = row.providerConfig;
  return {
    companyId: row.companyId,
    whatsappId: row.id,
    name: row.name,
    provider: row.provider,
    config: config && typeof config === 'object' ? (config as Record<string, unknown>) : {},
  };
}
