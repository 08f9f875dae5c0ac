import { useQuery } from '@tanstack/react-query';
import { routes } from '@zapdesk/contracts';
import { callRoute } from '../../lib/api/client';
import { queryClient } from '../../lib/queryClient';
import { useCan } from '../auth/can';

export const simulatorKeys = {
  all: ['simulator'] as const,
  availability: () => [...simulatorKeys.all, 'availability'] as const,
  outbox: (connectionId: number, to: string) => [...simulatorKeys.all, 'outbox', connectionId, to] as const,
};

/** Whether the server runs the simulator: GET /version says so. */
export async function probeSimulator(signal?: AbortSignal): Promise<boolean> {
  const answer: { simulator?: boolean } = await callRoute(routes.auth.version, { signal });
  return answer.simulator === true;
}

/**
 * The probe, once per session, for admins only (the simulator page and routes are theirs).
 */
export function useSimulatorAvailable(enabled: boolean) {
  const mayUse = useCan('simulator.use');
  return useQuery({
    queryKey: simulatorKeys.availability(),
    queryFn: ({ signal }) => probeSimulator(signal),
    enabled: enabled && mayUse,
    staleTime: Infinity,
    meta: { silent: true },
  });
}

/** The probe's answer from the cache, for code outside React (the drawer's entry list). */
export const isSimulatorAvailable = (): boolean =>
  queryClient.getQueryData<boolean>(simulatorKeys.availability()) === true;
