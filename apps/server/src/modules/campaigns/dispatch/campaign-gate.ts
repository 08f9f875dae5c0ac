import { sql } from 'kysely';
import { localDate } from '../../../platform/time/local-time';
import type { TenantTx } from '../../../platform/tenancy';

/**
 * Whether the company may run campaigns now (server-behaviour 1.5 and 1.6): active, not past its due date
 * (local), its plan has useCampaigns and the setting campaignsEnabled is not off. Otherwise its campaigns wait.
 */
export async function companyMayDispatch(tx: TenantTx, timeZone: string): Promise<boolean> {
  const today = localDate(timeZone);
  const row = await tx
    .unscoped()
    .selectFrom('companies')
    .leftJoin('plans', 'plans.id', 'companies.planId')
    .where('companies.id', '=', tx.companyId)
    .where('companies.status', '=', true)
    .where((eb) =>
      eb.or([
        eb('companies.dueDate', 'is', null),
        eb('companies.dueDate', '>=', sql<string>`${today}::date`),
      ]),
    )
    .where('plans.useCampaigns', '=', true)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('settings')
            .where('settings.key', '=', 'campaignsEnabled')
            .where('settings.value', '=', 'false')
            .select('settings.id'),
        ),
      ),
    )
    .select('companies.id')
    .executeTakeFirst();
  return row !== undefined;
}
