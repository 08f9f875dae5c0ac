import type { TenantScope, TenantTx } from '../../platform/tenancy';
import type { AuthState } from '../providers';

/** A connection's auth state in whatsapp_auth_creds and whatsapp_auth_keys (one row per key). */
export function createAuthState(scope: TenantScope, whatsappId: number): AuthState {
  return {
    readCreds: () =>
      scope.run(async (tx) => {
        const row = await tx
          .selectFrom('whatsappAuthCreds')
          .where('whatsappId', '=', whatsappId)
          .select('creds')
          .executeTakeFirst();
        return row?.creds ?? null;
      }),

    writeCreds: (creds) =>
      scope.run(async (tx) => {
        await tx
          .insertInto('whatsappAuthCreds')
          .values({ companyId: tx.companyId, whatsappId, creds: JSON.stringify(creds) })
          .onConflict((oc) =>
            oc.columns(['companyId', 'whatsappId']).doUpdateSet({
              creds: JSON.stringify(creds),
              updatedAt: new Date(),
            }),
          )
          .execute();
      }),

    readKeys: (type, ids) =>
      scope.run(async (tx) => {
        if (ids.length === 0) return {};
        const rows = await tx
          .selectFrom('whatsappAuthKeys')
          .where('whatsappId', '=', whatsappId)
          .where('type', '=', type)
          .where('keyId', 'in', ids)
          .select(['keyId', 'value'])
          .execute();
        return Object.fromEntries(rows.map((row) => [row.keyId, row.value]));
      }),

    writeKeys: (data) =>
      scope.run(async (tx) => {
        for (const [type, entries] of Object.entries(data)) {
          for (const [keyId, value] of Object.entries(entries)) {
            if (value === null || value === undefined) await deleteKey(tx, whatsappId, type, keyId);
            else await upsertKey(tx, whatsappId, type, keyId, value);
          }
        }
      }),

    clear: () => scope.run((tx) => clearAuthState(tx, whatsappId)),
  };
}

/** Forgets a connection's creds and keys inside the caller's transaction. */
export async function clearAuthState(tx: TenantTx, whatsappId: number): Promise<void> {
  await tx.deleteFrom('whatsappAuthKeys').where('whatsappId', '=', whatsappId).execute();
  await tx.deleteFrom('whatsappAuthCreds').where('whatsappId', '=', whatsappId).execute();
}

async function upsertKey(tx: TenantTx, whatsappId: number, type: string, keyId: string, value: unknown) {
  const json = JSON.stringify(value);
  await tx
    .insertInto('whatsappAuthKeys')
    .values({ companyId: tx.companyId, whatsappId, type, keyId, value: json })
    .onConflict((oc) =>
      oc
        .columns(['companyId', 'whatsappId', 'type', 'keyId'])
        .doUpdateSet({ value: json, updatedAt: new Date() }),
    )
    .execute();
}

async function deleteKey(tx: TenantTx, whatsappId: number, type: string, keyId: string) {
  await tx
    .deleteFrom('whatsappAuthKeys')
    .where('whatsappId', '=', whatsappId)
    .where('type', '=', type)
    .where('keyId', '=', keyId)
    .execute();
}
