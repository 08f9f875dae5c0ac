import type { z } from 'zod';
import { planFlags, PlanInput, type PlanFlag, type PlanView } from '@zapdesk/contracts';

/** The plan modal validates with the create schema in both modes. */
export const PlanFormSchema = PlanInput;
export type PlanForm = z.input<typeof PlanInput>;
export type PlanFormValues = z.output<typeof PlanInput>;

const allFlags = (on: boolean) =>
  Object.fromEntries(planFlags.map((flag) => [flag, on])) as Record<PlanFlag, boolean>;

/** A new plan: unlimited (0) and every feature on, as the server defaults. */
export const emptyPlan: PlanForm = {
  name: '',
  users: 0,
  connections: 0,
  queues: 0,
  value: 0,
  ...allFlags(true),
};

export function planForm(plan: PlanView | null): PlanForm {
  if (!plan) return emptyPlan;
  const flags = Object.fromEntries(planFlags.map((flag) => [flag, plan[flag]])) as Record<PlanFlag, boolean>;
  return {
    name: plan.name,
    users: plan.users,
    connections: plan.connections,
    queues: plan.queues,
    value: plan.value,
    ...flags,
  };
}
