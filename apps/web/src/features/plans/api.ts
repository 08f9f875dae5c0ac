import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type PlanInput, type PlanView, type UpdatePlanInput } from '@zapdesk/contracts';
import type { z } from 'zod';
import { callRoute } from '../../lib/api/client';

export const planKeys = {
  all: ['plans'] as const,
  public: () => [...planKeys.all, 'public'] as const,
  list: () => [...planKeys.all, 'list'] as const,
};

/** Plans offered at sign-up (GET /plans/list, no login needed). */
export function usePublicPlans() {
  return useQuery({
    queryKey: planKeys.public(),
    queryFn: ({ signal }): Promise<PlanView[]> => callRoute(routes.plans.listPublic, { signal }),
  });
}

/** Every plan (GET /plans/all), for the super user's plan and company tabs. */
export function useAllPlans() {
  return useQuery({
    queryKey: planKeys.list(),
    queryFn: ({ signal }): Promise<PlanView[]> => callRoute(routes.plans.all, { signal }),
    meta: { silent: true },
  });
}

/** A plan form's save: a new plan, or changes to the one with this id. */
export type PlanSave =
  { id?: undefined; body: z.input<typeof PlanInput> } | { id: number; body: z.input<typeof UpdatePlanInput> };

export function useSavePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: PlanSave): Promise<PlanView> =>
      save.id === undefined
        ? callRoute(routes.plans.create, { body: save.body })
        : callRoute(routes.plans.update, { params: { id: save.id }, body: save.body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: planKeys.all }),
    meta: { silent: true },
  });
}

export function useDeletePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callRoute(routes.plans.remove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: planKeys.all }),
    meta: { silent: true },
  });
}
