import type { AllTicket, ErrorCode, PlanFlag, Profile } from '@zapdesk/contracts';
import type { Scopes } from '../tenancy';
import { localDate } from '../time/local-time';

export interface ActorPlan {
  id: number;
  users: number;
  connections: number;
  queues: number;
  flags: Record<PlanFlag, boolean>;
}

export interface ActorCompany {
  id: number;
  name: string;
  status: boolean;
  dueDate: string | null;
  plan: ActorPlan | null;
}

/** The authenticated caller, re-read from the database (never trusted from the token beyond its id). */
export interface Actor {
  userId: number;
  companyId: number;
  name: string;
  email: string;
  profile: Profile;
  isSuper: boolean;
  allTicket: AllTicket;
  queueIds: number[];
  tokenVersion: number;
  company: ActorCompany;
}

export const isAdmin = (actor: Actor): boolean => actor.profile === 'admin' || actor.isSuper;

/** Why a company may not use the product right now (server-behaviour 1.5), or null. */
export function companyBlock(company: ActorCompany, timeZone: string): ErrorCode | null {
  if (!company.status) return 'ERR_COMPANY_INACTIVE';
  if (company.dueDate && company.dueDate < localDate(timeZone)) return 'ERR_SUBSCRIPTION_EXPIRED';
  return null;
}

const CACHE_MS = 10_000;

/** Loads actors with a short cache (server-behaviour 2.1 allows up to 30 s); writes invalidate it. */
export class ActorLoader {
  readonly #cache = new Map<number, { at: number; actor: Actor | null }>();
  constructor(private readonly scopes: Scopes) {}

  invalidate(userId?: number): void {
    if (userId === undefined) this.#cache.clear();
    else this.#cache.delete(userId);
  }

  async load(userId: number, companyId: number): Promise<Actor | null> {
    const hit = this.#cache.get(userId);
    if (hit && Date.now() - hit.at < CACHE_MS && (hit.actor === null || hit.actor.companyId === companyId)) {
      return hit.actor;
    }
    const actor = await this.scopes.tenant(companyId).run(async (tx) => {
      const user = await tx
        .selectFrom('users')
        .where('users.id', '=', userId)
        .select(['id', 'companyId', 'name', 'email', 'profile', 'super', 'allTicket', 'tokenVersion'])
        .executeTakeFirst();
      if (!user) return null;
      const queues = await tx
        .selectFrom('userQueues')
        .where('userId', '=', userId)
        .select('queueId')
        .execute();
      const company = await tx
        .unscoped()
        .selectFrom('companies')
        .leftJoin('plans', 'plans.id', 'companies.planId')
        .where('companies.id', '=', companyId)
        .select([
          'companies.id',
          'companies.name',
          'companies.status',
          'companies.dueDate',
          'plans.id as planId',
          'plans.users',
          'plans.connections',
          'plans.queues',
          'plans.useCampaigns',
          'plans.useKanban',
          'plans.useOpenAi',
          'plans.useIntegrations',
          'plans.useSchedules',
          'plans.useInternalChat',
          'plans.useExternalApi',
        ])
        .executeTakeFirst();
      if (!company) return null;
      const plan: ActorPlan | null =
        company.planId === null
          ? null
          : {
              id: company.planId,
              users: company.users ?? 0,
              connections: company.connections ?? 0,
              queues: company.queues ?? 0,
              flags: {
                useCampaigns: company.useCampaigns ?? false,
                useKanban: company.useKanban ?? false,
                useOpenAi: company.useOpenAi ?? false,
                useIntegrations: company.useIntegrations ?? false,
                useSchedules: company.useSchedules ?? false,
                useInternalChat: company.useInternalChat ?? false,
                useExternalApi: company.useExternalApi ?? false,
              },
            };
      return {
        userId: user.id,
        companyId: user.companyId,
        name: user.name,
        email: user.email,
        profile: user.profile,
        isSuper: user.super,
        allTicket: user.allTicket,
        queueIds: queues.map((q) => q.queueId),
        tokenVersion: user.tokenVersion,
        company: {
          id: company.id,
          name: company.name,
          status: company.status,
          dueDate: company.dueDate,
          plan,
        },
      } satisfies Actor;
    });
    this.#cache.set(userId, { at: Date.now(), actor });
    return actor;
  }
}
