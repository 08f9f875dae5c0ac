import { useQuery } from '@tanstack/react-query';
import { routes, type PlanView } from '@zapdesk/contracts';
import { callRoute } from '../../lib/api/client';

export const planKeys = {
  all: ['plans'] as const,
  public: () => [...planKeys.all, 'public'] as const,
};

/** Plans offered at sign-up (GET /plans/list, no login needed). */
export function usePublicPlans() {
  return useQuery({
    queryKey: planKeys.public(),
    queryFn: ({ signal }): Promise<PlanView[]> => callRoute(routes.plans.listPublic, { signal }),
  });
}
