import { abilitiesOf, type SessionUser } from '@zapdesk/contracts';
import type { TenantTx } from '../../platform/tenancy';
import { AppError } from '../../platform/http/app-error';
import { presentPlan } from '../plans';
import { listSettings } from '../settings';
import { queuesOfUsers } from '../users';

/** The user as the web app keeps it after login: with queues, company, settings and plan. */
export async function loadSessionUser(tx: TenantTx, userId: number): Promise<SessionUser> {
  const user = await tx.selectFrom('users').where('id', '=', userId).selectAll().executeTakeFirst();
  if (!user) throw new AppError('ERR_SESSION_EXPIRED', 'User not found', { status: 401 });
  const company = await tx
    .unscoped()
    .selectFrom('companies')
    .where('id', '=', tx.companyId)
    .selectAll()
    .executeTakeFirstOrThrow();
  const plan = company.planId
    ? await tx.unscoped().selectFrom('plans').where('id', '=', company.planId).selectAll().executeTakeFirst()
    : undefined;
  const queues = (await queuesOfUsers(tx, [userId])).get(userId) ?? [];
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    profile: user.profile,
    super: user.super,
    companyId: user.companyId,
    allTicket: user.allTicket,
    whatsappId: user.whatsappId,
    timeZone: user.timeZone,
    language: user.language,
    queues,
    abilities: abilitiesOf(user),
    company: {
      id: company.id,
      name: company.name,
      dueDate: company.dueDate,
      trialExpiration: company.trialExpiration,
      settings: await listSettings(tx),
      plan: plan ? presentPlan(plan) : null,
    },
  };
}
