import { useQueryClient } from '@tanstack/react-query';
import type { DashboardAnswer } from '@zapdesk/contracts';
import { useCompanyEvent } from '../../lib/socket/RealtimeContext';
import { dashboardKeys } from './api';
import { applyAttendantChange, attendantChangeOf } from './liveAttendants';

/**
 * Keeps the attendants' online dots current from `company-{id}-user` (a login, a logout, the presence sweep),
 * without reading the whole dashboard again. A new user appears on the next read of the period.
 */
export function useDashboardLive(): void {
  const queryClient = useQueryClient();
  useCompanyEvent('user', (payload) => {
    const change = attendantChangeOf(payload);
    if (!change) return;
    queryClient.setQueriesData<DashboardAnswer>({ queryKey: [...dashboardKeys.all, 'summary'] }, (data) =>
      data ? applyAttendantChange(data, change) : data,
    );
  });
}
