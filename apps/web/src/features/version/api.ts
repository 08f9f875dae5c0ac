import { useQuery } from '@tanstack/react-query';
import { routes } from '@zapdesk/contracts';
import { callRoute } from '../../lib/api/client';

/** The backend version for the drawer footer (GET /version). */
export function useServerVersion() {
  return useQuery({
    queryKey: ['version'],
    queryFn: ({ signal }): Promise<{ version: string }> => callRoute(routes.auth.version, { signal }),
    staleTime: Infinity,
    meta: { silent: true },
  });
}
