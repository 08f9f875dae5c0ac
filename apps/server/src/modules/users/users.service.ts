import type { Updateable } from 'kysely';
import {
  pageSizes,
  type CreateUserInput,
  type Language,
  type PagedQuery,
  type UpdateUserInput,
  type UserView,
} from '@zapdesk/contracts';
import { isAdmin, type Actor } from '../../platform/auth/actor';
import { hashPassword } from '../../platform/auth/passwords';
import type { AppContext } from '../../platform/context';
import type { UsersTable } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import type { TenantScope, TenantTx } from '../../platform/tenancy';
import { queuesOfUsers, setUserQueues } from './user-queues.repository';
import { releaseOpenTickets } from './user-tickets.repository';
import { ticketsReleased, userDeleted, userSaved, userSessionsRevoked } from './users.events';
import { authorizeSelfDelete, authorizeUserDelete, authorizeUserUpdate } from './users.policy';
import { presentUser } from './users.presenter';
import {
  assertCompanyWhatsapp,
  countUsers,
  deleteUserRow,
  getUser,
  insertUser,
  listUserRows,
  lockCompanyUserLimit,
  pageUsers,
  updateUserRow,
  whatsappRefs,
  type UserRow,
} from './users.repository';

/** Users as answered by the API: with their queues and default connection (one query each). */
async function viewsOf(tx: TenantTx, rows: UserRow[]): Promise<UserView[]> {
  const queues = await queuesOfUsers(
    tx,
    rows.map((r) => r.id),
  );
  const whatsapps = await whatsappRefs(
    tx,
    rows.flatMap((r) => (r.whatsappId === null ? [] : [r.whatsappId])),
  );
  return rows.map((row) =>
    presentUser(
      row,
      queues.get(row.id) ?? [],
      row.whatsappId === null ? null : (whatsapps.get(row.whatsappId) ?? null),
    ),
  );
}

async function viewOf(tx: TenantTx, row: UserRow): Promise<UserView> {
  const [view] = await viewsOf(tx, [row]);
  if (!view) throw AppError.notFound('ERR_NO_USER_FOUND');
  return view;
}

/** A page of the company's users matching `searchParam`, newest first. */
export function listUsers(scope: TenantScope, query: PagedQuery) {
  const limit = pageSizes.default;
  const offset = (query.pageNumber - 1) * limit;
  return scope.run(async (tx) => {
    const { rows, count } = await pageUsers(tx, query.searchParam, limit, offset);
    return { users: await viewsOf(tx, rows), count, hasMore: offset + rows.length < count };
  });
}

/** Every user of the company; a super user may name another company. */
export function listAllUsers(ctx: AppContext, actor: Actor, companyId?: number): Promise<UserView[]> {
  const scope = ctx.scopes.actingFor(actor, companyId);
  return scope.run(async (tx) => viewsOf(tx, await listUserRows(tx)));
}

/** One user as the API answers it (404 ERR_NO_USER_FOUND if not in the company); other modules' events use it. */
export async function loadUserView(tx: TenantTx, id: number): Promise<UserView> {
  return viewOf(tx, await getUser(tx, id));
}

export function showUser(scope: TenantScope, id: number): Promise<UserView> {
  return scope.run((tx) => loadUserView(tx, id));
}

/** Creates a user in the caller's company (or, for a super user, the named one) within the plan limit. */
export async function createUser(ctx: AppContext, actor: Actor, input: CreateUserInput): Promise<UserView> {
  const passwordHash = await hashPassword(input.password);
  return ctx.scopes.actingFor(actor, input.companyId).run(async (tx) => {
    const limit = await lockCompanyUserLimit(tx);
    if (limit === undefined) throw AppError.notFound();
    if (limit > 0 && (await countUsers(tx)) >= limit) {
      throw new AppError('ERR_PLAN_LIMIT_USERS', `The plan allows ${limit} users`);
    }
    if (input.whatsappId) await assertCompanyWhatsapp(tx, input.whatsappId);
    const row = await insertUser(tx, {
      name: input.name,
      email: input.email,
      passwordHash,
      profile: input.profile,
      allTicket: input.allTicket,
      timeZone: input.timeZone,
      whatsappId: input.whatsappId ?? null,
    });
    await setUserQueues(tx, row.id, input.queueIds);
    const user = await viewOf(tx, row);
    userSaved(ctx, tx, 'create', user);
    return user;
  });
}

/** Applies the user form to a user of the company, within what the caller may change. */
export async function updateUser(
  ctx: AppContext,
  actor: Actor,
  scope: TenantScope,
  id: number,
  input: UpdateUserInput,
): Promise<UserView> {
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  return scope.run(async (tx) => {
    const target = await getUser(tx, id);
    const queueIds = (await queuesOfUsers(tx, [id])).get(id)?.map((q) => q.id) ?? [];
    authorizeUserUpdate(actor, target, queueIds, input);
    const changes: Updateable<UsersTable> = {
      name: input.name,
      email: input.email,
      timeZone: input.timeZone,
      language: input.language,
      passwordHash,
    };
    if (isAdmin(actor)) {
      if (input.whatsappId) await assertCompanyWhatsapp(tx, input.whatsappId);
      Object.assign(changes, {
        profile: input.profile,
        allTicket: input.allTicket,
        whatsappId: input.whatsappId,
      });
    }
    const revoke = passwordHash !== undefined || (changes.profile ?? target.profile) !== target.profile;
    const row = await updateUserRow(tx, id, changes, { bumpTokenVersion: revoke });
    if (isAdmin(actor) && input.queueIds) await setUserQueues(tx, id, input.queueIds);
    const user = await viewOf(tx, row);
    userSaved(ctx, tx, 'update', user);
    if (revoke) userSessionsRevoked(ctx, tx, id);
    return user;
  });
}

/** Deletes a user of the company (never oneself); their open tickets go back to pending. */
export async function deleteUser(ctx: AppContext, actor: Actor, scope: TenantScope, id: number) {
  authorizeSelfDelete(actor, id);
  await scope.run(async (tx) => {
    authorizeUserDelete(actor, await getUser(tx, id));
    const released = await releaseOpenTickets(tx, id);
    if (!(await deleteUserRow(tx, id))) throw AppError.notFound('ERR_NO_USER_FOUND');
    ticketsReleased(ctx, tx, id, released);
    userDeleted(ctx, tx, id);
  });
  return { message: 'User deleted' };
}

/** Stores the caller's interface language. */
export function setUserLanguage(
  ctx: AppContext,
  actor: Actor,
  scope: TenantScope,
  language: Language,
): Promise<UserView> {
  return scope.run(async (tx) => {
    const user = await viewOf(tx, await updateUserRow(tx, actor.userId, { language }));
    userSaved(ctx, tx, 'update', user);
    return user;
  });
}
