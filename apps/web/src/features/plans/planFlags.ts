import { planFlags, type PlanFlag, type SessionUser } from '@zapdesk/contracts';

export type PlanFlags = Record<PlanFlag, boolean>;

/** The company plan's feature flags; a company without a plan has none. */
export function planFlagsOf(user: SessionUser): PlanFlags {
  const plan = user.company.plan;
  return Object.fromEntries(planFlags.map((flag) => [flag, plan?.[flag] === true])) as PlanFlags;
}
