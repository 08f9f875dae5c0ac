import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import { defaultSettings, settingKeys, type SettingView } from '@zapdesk/contracts';
import type { CompaniesTable } from '../../platform/db/schema';
import { AppError, isUniqueViolation } from '../../platform/http/app-error';
import type { SystemTx, TenantTx } from '../../platform/tenancy';
import type { PlanRow } from '../plans';

export type CompanyRow = Selectable<CompaniesTable>;

/**
 * Companies carry no company_id: their row-level security policy is `id = app.company_id`, so a tenant
 * transaction sees its own row only and a system transaction (super user) sees every row.
 */
export type AnyTx = SystemTx | TenantTx;

function nameContains(term: string) {
  const pattern = `%${term.replace(/[\\%_]/g, '\\$&')}%`;
  return sql<boolean>`search_text(${sql.ref('companies.name')}) like search_text(${pattern})`;
}

export async function listCompanyPage(
  tx: SystemTx,
  page: { search: string; offset: number; limit: number },
): Promise<{ rows: CompanyRow[]; count: number }> {
  const rows = await tx.db
    .selectFrom('companies')
    .selectAll()
    .$if(page.search !== '', (q) => q.where(nameContains(page.search)))
    .orderBy('name')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const total = await tx.db
    .selectFrom('companies')
    .$if(page.search !== '', (q) => q.where(nameContains(page.search)))
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return { rows, count: Number(total.count) };
}

export const listAllCompanies = (tx: SystemTx): Promise<CompanyRow[]> =>
  tx.db.selectFrom('companies').selectAll().orderBy('name').orderBy('id').execute();

export const findCompany = (tx: AnyTx, id: number): Promise<CompanyRow | undefined> =>
  tx.unscoped().selectFrom('companies').where('id', '=', id).selectAll().executeTakeFirst();

export const insertCompany = (tx: SystemTx, values: Insertable<CompaniesTable>): Promise<CompanyRow> =>
  tx.db.insertInto('companies').values(values).returningAll().executeTakeFirstOrThrow();

export const updateCompanyRow = (
  tx: AnyTx,
  id: number,
  patch: Updateable<CompaniesTable>,
): Promise<CompanyRow | undefined> =>
  tx
    .unscoped()
    .updateTable('companies')
    .set({ ...patch, updatedAt: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();

/**
 * Deletes the company; its tenant rows go with it (company_id cascades). Its tickets go first, while the company
 * still exists: the counter triggers of tickets, their cycles and ratings append delta rows keyed by the company
 * (ticket_counts, cycle_totals), which inside the company's own cascade would name a company already gone (a 500).
 */
export async function deleteCompanyRow(tx: SystemTx, id: number): Promise<boolean> {
  await tx.db.deleteFrom('tickets').where('companyId', '=', id).execute();
  const result = await tx.db.deleteFrom('companies').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The plans of the given companies, by plan id. */
export async function plansOf(tx: AnyTx, rows: CompanyRow[]): Promise<Map<number, PlanRow>> {
  const ids = [...new Set(rows.flatMap((r) => (r.planId === null ? [] : [r.planId])))];
  if (ids.length === 0) return new Map();
  const plans = await tx.unscoped().selectFrom('plans').where('id', 'in', ids).selectAll().execute();
  return new Map(plans.map((p) => [p.id, p]));
}

/** Each company's settings, defaults filled in for keys never written. */
export async function settingsOf(tx: AnyTx, rows: CompanyRow[]): Promise<Map<number, SettingView[]>> {
  const ids = rows.map((r) => r.id);
  const stored =
    ids.length === 0
      ? []
      : await tx
          .unscoped()
          .selectFrom('settings')
          .where('companyId', 'in', ids)
          .select(['companyId', 'key', 'value'])
          .execute();
  const byCompany = new Map<number, Map<string, string>>(ids.map((id) => [id, new Map()]));
  for (const s of stored) byCompany.get(s.companyId)?.set(s.key, s.value);
  return new Map(
    ids.map((id) => [
      id,
      settingKeys.map((key) => ({ key, value: byCompany.get(id)?.get(key) ?? defaultSettings[key] })),
    ]),
  );
}

/** The admin user a company is created with: same e-mail as the company. */
export const insertAdminUser = (
  tx: SystemTx,
  values: { companyId: number; name: string; email: string; passwordHash: string },
) =>
  tx.db
    .insertInto('users')
    .values({ ...values, profile: 'admin', super: false })
    .returning('id')
    .executeTakeFirstOrThrow();

/**
 * Sets a new password on the company's admin user: the one with the company e-mail, else its oldest
 * admin. Their sessions end (token version bumped). Answers the user's id, if any.
 */
export async function resetAdminPassword(
  tx: SystemTx,
  company: { id: number; email: string },
  passwordHash: string,
): Promise<number | undefined> {
  const target = await tx.db
    .selectFrom('users')
    .where('companyId', '=', company.id)
    .select('id')
    .orderBy(sql`lower(email) = ${company.email.toLowerCase()}`, 'desc')
    .orderBy(sql`profile = 'admin'`, 'desc')
    .orderBy('id')
    .executeTakeFirst();
  if (!target) return undefined;
  await tx.db
    .updateTable('users')
    .set((eb) => ({ passwordHash, tokenVersion: eb('tokenVersion', '+', 1), updatedAt: new Date() }))
    .where('id', '=', target.id)
    .execute();
  return target.id;
}

/** Turns the database's refusals of a company write into the codes users see; rethrows anything else. */
export function companyWriteError(error: unknown): never {
  if (isUniqueViolation(error, 'companies_name_key')) {
    throw new AppError('ERR_COMPANY_NAME_ALREADY_EXISTS', 'A company with this name already exists');
  }
  if (isUniqueViolation(error, 'users_email_key')) {
    throw new AppError('ERR_EMAIL_ALREADY_EXISTS', 'A user with this e-mail already exists');
  }
  const e = error as { code?: string; constraint?: string } | undefined;
  if (e?.code === '23503' && e.constraint === 'companies_plan_id_fkey') {
    throw new AppError('ERR_NO_PLAN_FOUND', 'Plan not found', { status: 404 });
  }
  throw error;
}
