import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { UsersTable } from '../../platform/db/schema';
import { AppError, isUniqueViolation } from '../../platform/http/app-error';
import type { TenantTx } from '../../platform/tenancy';

export type UserRow = Selectable<UsersTable>;

/** `%term%` for LIKE, with the term's own wildcards taken literally. */
const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, '\\$&')}%`;

/** One user of the company, or null. */
export function findUser(tx: TenantTx, id: number): Promise<UserRow | undefined> {
  return tx.selectFrom('users').where('id', '=', id).selectAll().executeTakeFirst();
}

/** One user of the company; another company's id is a 404 like a missing one. */
export async function getUser(tx: TenantTx, id: number): Promise<UserRow> {
  const user = await findUser(tx, id);
  if (!user) throw AppError.notFound('ERR_NO_USER_FOUND');
  return user;
}

/** A page of users matching a name or e-mail substring (case- and accent-insensitive), newest first. */
export async function pageUsers(
  tx: TenantTx,
  searchParam: string,
  limit: number,
  offset: number,
): Promise<{ rows: UserRow[]; count: number }> {
  let query = tx.selectFrom('users');
  if (searchParam !== '') {
    const pattern = likePattern(searchParam);
    query = query.where(
      sql<boolean>`(search_text(${sql.ref('users.name')}) like search_text(${pattern})
        or search_text(${sql.ref('users.email')}) like search_text(${pattern}))`,
    );
  }
  const total = await query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
  const rows = await query
    .selectAll()
    .orderBy('users.createdAt', 'desc')
    .orderBy('users.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, count: Number(total.count) };
}

/** Every user of the company, by name. */
export function listUserRows(tx: TenantTx): Promise<UserRow[]> {
  return tx.selectFrom('users').selectAll().orderBy('users.name').orderBy('users.id').execute();
}

/**
 * Locks the company row until the transaction ends and answers its plan's user limit (0 = unlimited),
 * or undefined when the company does not exist. Concurrent creates queue on the lock, so the count that
 * follows cannot be passed by two of them at once.
 */
export async function lockCompanyUserLimit(tx: TenantTx): Promise<number | undefined> {
  const company = await tx
    .unscoped()
    .selectFrom('companies')
    .leftJoin('plans', 'plans.id', 'companies.planId')
    .where('companies.id', '=', tx.companyId)
    .select(['companies.id', 'plans.users'])
    // NO KEY UPDATE: serialises user creates without blocking foreign-key inserts of other tables.
    .forNoKeyUpdate('companies')
    .executeTakeFirst();
  return company ? (company.users ?? 0) : undefined;
}

export async function countUsers(tx: TenantTx): Promise<number> {
  const row = await tx
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Inserts a user; a taken e-mail (any company, any case) is ERR_EMAIL_ALREADY_EXISTS. */
export async function insertUser(
  tx: TenantTx,
  values: Omit<Insertable<UsersTable>, 'companyId'>,
): Promise<UserRow> {
  try {
    return await tx
      .insertInto('users')
      .values({ ...values, companyId: tx.companyId })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    throw emailTaken(error);
  }
}

/** Updates a user of the company (undefined fields untouched); a taken e-mail is ERR_EMAIL_ALREADY_EXISTS. */
export async function updateUserRow(
  tx: TenantTx,
  id: number,
  changes: Updateable<UsersTable>,
  options: { bumpTokenVersion?: boolean } = {},
): Promise<UserRow> {
  try {
    const row = await tx
      .updateTable('users')
      .set({ ...changes, updatedAt: new Date() })
      .$if(options.bumpTokenVersion === true, (qb) =>
        qb.set((eb) => ({ tokenVersion: eb('tokenVersion', '+', 1) })),
      )
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw AppError.notFound('ERR_NO_USER_FOUND');
    return row;
  } catch (error) {
    throw emailTaken(error);
  }
}

export async function deleteUserRow(tx: TenantTx, id: number): Promise<boolean> {
  const result = await tx.deleteFrom('users').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

function emailTaken(error: unknown): unknown {
  if (isUniqueViolation(error, 'users_email_key')) {
    return new AppError('ERR_EMAIL_ALREADY_EXISTS', 'E-mail already in use');
  }
  return error;
}

/** Throws 404 ERR_NO_WAPP_FOUND unless the id is a connection of the company. */
export async function assertCompanyWhatsapp(tx: TenantTx, whatsappId: number): Promise<void> {
  const found = await tx.selectFrom('whatsapps').where('id', '=', whatsappId).select('id').executeTakeFirst();
  if (!found) throw AppError.notFound('ERR_NO_WAPP_FOUND');
}

/** `{id, name}` of the given connections, in one query. */
export async function whatsappRefs(
  tx: TenantTx,
  ids: number[],
): Promise<Map<number, { id: number; name: string }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await tx.selectFrom('whatsapps').where('id', 'in', unique).select(['id', 'name']).execute();
  return new Map(rows.map((row) => [row.id, row]));
}
