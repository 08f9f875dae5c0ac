import { useQuery } from '@tanstack/react-query';
import { buildPath, MAX_DB_INT, routes } from '@zapdesk/contracts';
import { isApiError } from '../../lib/api/ApiError';
import { request } from '../../lib/api/client';
import { queryClient } from '../../lib/queryClient';
import { useSession } from '../auth/sessionContext';

export const simulatorKeys = {
  all: ['simulator'] as const,
  availability: () => [...simulatorKeys.all, 'availability'] as const,
  outbox: (connectionId: number, to: string) => [...simulatorKeys.all, 'outbox', connectionId, to] as const,
};

const PROBE_NUMBER = '5511900000000';

/**
 * Whether the server runs the simulator. The server has no flag for it; its routes tell: for a connection
 * that does not exist they answer 404 ERR_NO_WAPP_FOUND when on, and a bare 404 ERR_NOT_FOUND when off.
 */
export async function probeSimulator(signal?: AbortSignal): Promise<boolean> {
  try {
    await request(buildPath(routes.simulator.outbox.path, { id: MAX_DB_INT }), {
      query: { to: PROBE_NUMBER },
      signal,
    });
    return true;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return error.code === 'ERR_NO_WAPP_FOUND';
    throw error;
  }
}

/**
 * The probe, once per session, for admins only: the routes answer 403 to everyone else, and a 403 would
 * cost them a token refresh.
 */
export function useSimulatorAvailable(enabled: boolean) {
  const isAdmin = useSession().user?.profile === 'admin';
  return useQuery({
    queryKey: simulatorKeys.availability(),
    queryFn: ({ signal }) => probeSimulator(signal),
    enabled: enabled && isAdmin,
    staleTime: Infinity,
    meta: { silent: true },
  });
}

/** The probe's answer from the cache, for code outside React (the drawer's entry list). */
export const isSimulatorAvailable = (): boolean =>
  queryClient.getQueryData<boolean>(simulatorKeys.availability()) === true;
