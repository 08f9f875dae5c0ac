import type { Insertable, Selectable, Updateable } from 'kysely';
import type { WhatsappsTable } from '../../platform/db/schema';
import { AppError, isUniqueViolation } from '../../platform/http/app-error';
import type { TenantTx } from '../../platform/tenancy';

export type WhatsappRow = Selectable<WhatsappsTable>;

export function findWhatsapp(tx: TenantTx, id: number): Promise<WhatsappRow | undefined> {
  return tx.selectFrom('whatsapps').where('id', '=', id).selectAll().executeTakeFirst();
}

/** One connection of the company; another company's id is a 404 like a missing one. */
export async function getWhatsapp(tx: TenantTx, id: number): Promise<WhatsappRow> {
  const row = await findWhatsapp(tx, id);
  if (!row) throw AppError.notFound('ERR_NO_WAPP_FOUND');
  return row;
}

export function listWhatsappRows(tx: TenantTx): Promise<WhatsappRow[]> {
  return tx.selectFrom('whatsapps').selectAll().orderBy('whatsapps.id').execute();
}

/**
 * Locks the company row until the transaction ends and answers its plan's connection limit (0 =
 * unlimited), or undefined when the company does not exist. Concurrent creates wait on the lock, so
 * the count that follows cannot be passed by two of them at once.
 */
export async function lockCompanyConnectionLimit(tx: TenantTx): Promise<number | undefined> {
  const company = await tx
    .unscoped()
    .selectFrom('companies')
    .leftJoin('plans', 'plans.id', 'companies.planId')
    .where('companies.id', '=', tx.companyId)
    .select(['companies.id', 'plans.connections'])
    .forNoKeyUpdate('companies')
    .executeTakeFirst();
  return company ? (company.connections ?? 0) : undefined;
}

export async function countWhatsapps(tx: TenantTx): Promise<number> {
  const row = await tx
    .selectFrom('whatsapps')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertWhatsapp(
  tx: TenantTx,
  values: Omit<Insertable<WhatsappsTable>, 'companyId'>,
): Promise<WhatsappRow> {
  try {
    return await tx
      .insertInto('whatsapps')
      .values({ ...values, companyId: tx.companyId })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    throw uniqueError(error);
  }
}

export async function updateWhatsappRow(
  tx: TenantTx,
  id: number,
  changes: Updateable<WhatsappsTable>,
): Promise<WhatsappRow> {
  try {
    const row = await tx
      .updateTable('whatsapps')
      .set({ ...changes, updatedAt: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw AppError.notFound('ERR_NO_WAPP_FOUND');
    return row;
  } catch (error) {
    throw uniqueError(error);
  }
}

export async function deleteWhatsappRow(tx: TenantTx, id: number): Promise<boolean> {
  const result = await tx.deleteFrom('whatsapps').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Clears the default flag of every other connection; answers the ones that lost it. */
export function clearOtherDefaults(tx: TenantTx, keepId: number): Promise<WhatsappRow[]> {
  return tx
    .updateTable('whatsapps')
    .set({ isDefault: false, updatedAt: new Date() })
    .where('isDefault', '=', true)
    .where('id', '<>', keepId)
    .returningAll()
    .execute();
}

/** After the default is deleted: the oldest connected one becomes default, else the oldest one. */
export async function promoteNewDefault(tx: TenantTx): Promise<WhatsappRow | undefined> {
  const hasDefault = await tx
    .selectFrom('whatsapps')
    .where('isDefault', '=', true)
    .select('id')
    .executeTakeFirst();
  if (hasDefault) return undefined;
  const next = await tx
    .selectFrom('whatsapps')
    .select('id')
    .orderBy((eb) => eb.case().when('status', '=', 'CONNECTED').then(0).else(1).end())
    .orderBy('id')
    .executeTakeFirst();
  if (!next) return undefined;
  return updateWhatsappRow(tx, next.id, { isDefault: true });
}

function uniqueError(error: unknown): unknown {
  if (isUniqueViolation(error, 'whatsapps_company_name_key')) {
    return new AppError('ERR_WAPP_NAME_ALREADY_EXISTS', 'A connection with this name already exists');
  }
  if (isUniqueViolation(error, 'whatsapps_token_key')) {
    return AppError.validation({ token: 'This token is already in use' });
  }
  return error;
}
