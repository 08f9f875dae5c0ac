import { useQueryClient } from '@tanstack/react-query';
import type { UserView } from '@zapdesk/contracts';
import { useCompanyEvent } from '../../lib/socket/RealtimeContext';
import { removeUserFromLists, upsertUserInLists } from './api';

type UserEvent = { action: 'create' | 'update'; user: UserView } | { action: 'delete'; userId: number };

function isUserEvent(payload: unknown): payload is UserEvent {
  if (typeof payload !== 'object' || payload === null || !('action' in payload)) return false;
  if (payload.action === 'delete') return 'userId' in payload && typeof payload.userId === 'number';
  return (
    (payload.action === 'create' || payload.action === 'update') &&
    'user' in payload &&
    typeof payload.user === 'object' &&
    payload.user !== null
  );
}

/** Keeps the loaded user lists current from `company-{id}-user`. */
export function useUsersRealtime(): void {
  const queryClient = useQueryClient();
  useCompanyEvent('user', (payload) => {
    if (!isUserEvent(payload)) return;
    if (payload.action === 'delete') removeUserFromLists(queryClient, payload.userId);
    else upsertUserInLists(queryClient, payload.user);
  });
}
