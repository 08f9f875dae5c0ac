import {
  pageSizes,
  type ListPlansAnswer,
  type PagedQuery,
  type PlanInput,
  type PlanView,
  type UpdatePlanInput,
} from '@zapdesk/contracts';
import type { AppContext } from '../../platform/context';
import { AppError, isUniqueViolation } from '../../platform/http/app-error';
import { presentPlan } from './plans.presenter';
import {
  deletePlanRow,
  findPlan,
  insertPlan,
  listAllPlans,
  listPlanPage,
  updatePlanRow,
} from './plans.repository';

const notFound = () => AppError.notFound();

function planWriteError(error: unknown): never {
  if (isUniqueViolation(error, 'plans_name_key')) {
    throw new AppError('ERR_PLAN_NAME_ALREADY_EXISTS', 'A plan with this name already exists');
  }
  throw error;
}

/** A row still references the plan: restrict_violation (23001) or foreign_key_violation (23503). */
const isReferenced = (error: unknown): boolean => {
  const code = (error as { code?: string } | undefined)?.code;
  return code === '23001' || code === '23503';
};

/** One page of plans, by name (server-behaviour 14.3). */
export async function listPlans(ctx: AppContext, query: PagedQuery): Promise<ListPlansAnswer> {
  const limit = pageSizes.default;
  const offset = (query.pageNumber - 1) * limit;
  const { rows, count } = await ctx.scopes.asSystem((tx) =>
    listPlanPage(tx, { search: query.searchParam, offset, limit }),
  );
  return { plans: rows.map(presentPlan), count, hasMore: offset + rows.length < count };
}

/** Every plan, by name (the sign-up form's choices). */
export async function allPlans(ctx: AppContext): Promise<PlanView[]> {
  const rows = await ctx.scopes.asSystem(listAllPlans);
  return rows.map(presentPlan);
}

export async function getPlan(ctx: AppContext, id: number): Promise<PlanView> {
  const row = await ctx.scopes.asSystem((tx) => findPlan(tx, id));
  if (!row) throw notFound();
  return presentPlan(row);
}

export async function createPlan(ctx: AppContext, input: PlanInput): Promise<PlanView> {
  const row = await ctx.scopes.asSystem((tx) => insertPlan(tx, input)).catch(planWriteError);
  return presentPlan(row);
}

/** Edits a plan; limits and flags apply to its companies at their next request. */
export async function updatePlan(ctx: AppContext, id: number, input: UpdatePlanInput): Promise<PlanView> {
  const row = await ctx.scopes.asSystem((tx) => updatePlanRow(tx, id, input)).catch(planWriteError);
  if (!row) throw notFound();
  ctx.actors.invalidate();
  return presentPlan(row);
}

/** Deletes a plan no company uses; the foreign key refuses it otherwise, even under a race. */
export async function deletePlan(ctx: AppContext, id: number): Promise<void> {
  const deleted = await ctx.scopes
    .asSystem((tx) => deletePlanRow(tx, id))
    .catch((error: unknown) => {
      if (isReferenced(error)) throw new AppError('ERR_PLAN_IN_USE', 'A company uses this plan');
      throw error;
    });
  if (!deleted) throw notFound();
}
