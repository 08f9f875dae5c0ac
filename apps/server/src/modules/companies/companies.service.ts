import { randomBytes } from 'node:crypto';
import type { Insertable } from 'kysely';
import {
  pageSizes,
  type CompanyInput,
  type CompanyView,
  type ListCompaniesAnswer,
  type PagedQuery,
  type ScheduleEntry,
  type SettingKey,
  type UpdateCompanyInput,
} from '@zapdesk/contracts';
import type { Actor } from '../../platform/auth/actor';
import { hashPassword } from '../../platform/auth/passwords';
import type { AppContext } from '../../platform/context';
import type { CompaniesTable } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import type { SystemTx } from '../../platform/tenancy';
import { saveSetting, seedDefaultSettings } from '../settings';
import { canDeleteCompany, canSeeCompany, canSeeSecretsOf } from './companies.policy';
import { presentCompany } from './companies.presenter';
import {
  companyWriteError,
  deleteCompanyRow,
  findCompany,
  insertAdminUser,
  insertCompany,
  listAllCompanies,
  listCompanyPage,
  plansOf,
  resetAdminPassword,
  settingsOf,
  updateCompanyRow,
  type AnyTx,
  type CompanyRow,
} from './companies.repository';

const notFound = () => AppError.notFound();

/**
 * The new company's rows seen as that company, inside the same system transaction, so the settings
 * module writes them. Its afterCommit queue is never flushed: callers register theirs on the system tx.
 */
const asCompany = (tx: SystemTx, companyId: number) => tx.asTenant(companyId);

/** Company answers as `viewer` may see them (null: an anonymous caller, at sign-up). */
async function presentAll(tx: AnyTx, rows: CompanyRow[], viewer: Actor | null): Promise<CompanyView[]> {
  const [plans, settings] = await Promise.all([plansOf(tx, rows), settingsOf(tx, rows)]);
  return rows.map((row) =>
    presentCompany(row, row.planId === null ? undefined : plans.get(row.planId), settings.get(row.id) ?? [], {
      withSecrets: canSeeSecretsOf(viewer, row.id),
    }),
  );
}

async function presentOne(tx: AnyTx, row: CompanyRow, viewer: Actor | null): Promise<CompanyView> {
  const [view] = await presentAll(tx, [row], viewer);
  if (!view) throw notFound();
  return view;
}

/** A company's answer without its secret settings, for events sent to all its users (e.g. a payment). */
export async function publicCompanyView(tx: AnyTx, id: number): Promise<CompanyView> {
  const row = await findCompany(tx, id);
  if (!row) throw notFound();
  return presentOne(tx, row, null);
}

/**
 * What billing must hear (handed in at wiring, so this module never imports billing): a company whose due date,
 * plan or recurrence is new may need an invoice now (server-behaviour 17.1).
 */
export interface CompanyHooks {
  billingTermsChanged(companyId: number): Promise<void>;
}

/** Tells billing after the commit; a failure only logs, since the hourly job issues the invoice anyway. */
function afterBillingTermsChanged(ctx: AppContext, hooks: CompanyHooks, companyId: number): void {
  hooks.billingTermsChanged(companyId).catch((err: unknown) => {
    ctx.log.error({ err, companyId }, 'invoice request after a billing change failed');
  });
}

/** Runs `fn` as the super user (every company) or as the actor's own company. */
function readAs<T>(ctx: AppContext, actor: Actor, fn: (tx: AnyTx) => Promise<T>): Promise<T> {
  return actor.isSuper ? ctx.scopes.asSystem(fn) : ctx.scopes.tenant(actor.companyId).run(fn);
}

export async function listCompanies(
  ctx: AppContext,
  actor: Actor,
  query: PagedQuery,
): Promise<ListCompaniesAnswer> {
  const limit = pageSizes.default;
  const offset = (query.pageNumber - 1) * limit;
  return ctx.scopes.asSystem(async (tx) => {
    const { rows, count } = await listCompanyPage(tx, { search: query.searchParam, offset, limit });
    const companies = await presentAll(tx, rows, actor);
    return { companies, count, hasMore: offset + rows.length < count };
  });
}

export function allCompanies(ctx: AppContext, actor: Actor): Promise<CompanyView[]> {
  return ctx.scopes.asSystem(async (tx) => presentAll(tx, await listAllCompanies(tx), actor));
}

/** The caller's own company, or any company for a super user; with its plan, settings and hours. */
export async function getCompany(ctx: AppContext, actor: Actor, id: number): Promise<CompanyView> {
  if (!canSeeCompany(actor, id)) throw notFound();
  return readAs(ctx, actor, async (tx) => {
    const row = await findCompany(tx, id);
    if (!row) throw notFound();
    return presentOne(tx, row, actor);
  });
}

export interface NewCompany {
  company: Insertable<CompaniesTable> & { email: string };
  password: string;
  settings: Partial<Record<SettingKey, string>>;
}

/** Creates a company, its admin user (company name and e-mail) and its settings in one transaction. */
export async function createCompanyWithAdmin(
  ctx: AppContext,
  hooks: CompanyHooks,
  input: NewCompany,
  viewer: Actor | null,
): Promise<CompanyView> {
  const passwordHash = await hashPassword(input.password);
  const view = await ctx.scopes
    .asSystem(async (tx) => {
      const row = await insertCompany(tx, input.company);
      await insertAdminUser(tx, {
        companyId: row.id,
        name: row.name,
        email: input.company.email,
        passwordHash,
      });
      await seedDefaultSettings(asCompany(tx, row.id), input.settings);
      return presentOne(tx, row, viewer);
    })
    .catch(companyWriteError);
  afterBillingTermsChanged(ctx, hooks, view.id);
  return view;
}

/** The super user's create: the admin user gets the given password or a random one. */
export function createCompany(
  ctx: AppContext,
  hooks: CompanyHooks,
  actor: Actor,
  input: CompanyInput,
): Promise<CompanyView> {
  return createCompanyWithAdmin(
    ctx,
    hooks,
    {
      company: {
        name: input.name,
        email: input.email,
        phone: input.phone,
        status: input.status,
        planId: input.planId,
        dueDate: input.dueDate ?? null,
        recurrence: input.recurrence,
      },
      password: input.password ?? randomBytes(24).toString('base64url'),
      settings:
        input.campaignsEnabled === undefined ? {} : { campaignsEnabled: String(input.campaignsEnabled) },
    },
    actor,
  );
}

/** Edits a company; absent fields stay. A password replaces the admin user's and ends their sessions. */
export async function updateCompany(
  ctx: AppContext,
  hooks: CompanyHooks,
  actor: Actor,
  id: number,
  input: UpdateCompanyInput,
): Promise<CompanyView> {
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const view = await ctx.scopes
    .asSystem(async (tx) => {
      const before = await findCompany(tx, id);
      if (!before) throw notFound();
      const row = await updateCompanyRow(tx, id, {
        name: input.name,
        email: input.email,
        phone: input.phone,
        status: input.status,
        planId: input.planId,
        dueDate: input.dueDate,
        recurrence: input.recurrence,
      });
      if (!row) throw notFound();
      if (input.campaignsEnabled !== undefined) {
        const setting = await saveSetting(
          asCompany(tx, id),
          'campaignsEnabled',
          String(input.campaignsEnabled),
        );
        tx.afterCommit(() => ctx.realtime.emitToCompany(id, 'settings', { action: 'update', setting }));
      }
      const adminId = passwordHash ? await resetAdminPassword(tx, before, passwordHash) : undefined;
      // The admin's session ended with the old password: their sockets close now, on every node.
      if (adminId !== undefined) tx.afterCommit(() => ctx.realtime.disconnectUser(adminId));
      return presentOne(tx, row, actor);
    })
    .catch(companyWriteError);
  // Status, due date and plan feed the company gate of every user of the company.
  ctx.actors.invalidate();
  const billingChanged = [input.dueDate, input.planId, input.recurrence, input.status];
  if (billingChanged.some((value) => value !== undefined)) afterBillingTermsChanged(ctx, hooks, id);
  return view;
}

export async function deleteCompany(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  if (!canDeleteCompany(actor, id)) {
    throw new AppError('ERR_CANNOT_DELETE_SELF', 'A super user cannot delete their own company');
  }
  const deleted = await ctx.scopes.asSystem((tx) => deleteCompanyRow(tx, id));
  if (!deleted) throw notFound();
  ctx.actors.invalidate();
}

/** Replaces the company's weekly hours (admin of the company, or super user). */
export async function updateCompanySchedules(
  ctx: AppContext,
  actor: Actor,
  id: number,
  schedules: ScheduleEntry[],
): Promise<CompanyView> {
  if (!canSeeCompany(actor, id)) throw notFound();
  return readAs(ctx, actor, async (tx) => {
    const row = await updateCompanyRow(tx, id, { schedules: JSON.stringify(schedules) });
    if (!row) throw notFound();
    return presentOne(tx, row, actor);
  });
}
