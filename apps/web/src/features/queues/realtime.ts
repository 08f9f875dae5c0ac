import { useQueryClient } from '@tanstack/react-query';
import type { QueueView, SettingView } from '@zapdesk/contracts';
import { useCompanyEvent } from '../../lib/socket/RealtimeContext';
import { queueKeys } from './api';
import { removeQueue, upsertQueue } from './queueList';
import { queueReferenceKeys } from './referenceApi';

type QueueEvent = { action: 'create' | 'update'; queue: QueueView } | { action: 'delete'; queueId: number };

function isQueueEvent(payload: unknown): payload is QueueEvent {
  if (typeof payload !== 'object' || payload === null || !('action' in payload)) return false;
  if (payload.action === 'delete') return 'queueId' in payload && typeof payload.queueId === 'number';
  return (payload.action === 'create' || payload.action === 'update') && 'queue' in payload;
}

/** Keeps the queue list and details current from `company-{id}-queue`, and the schedule mode from `-settings`. */
export function useQueuesLive(): void {
  const queryClient = useQueryClient();
  useCompanyEvent('queue', (payload) => {
    if (!isQueueEvent(payload)) return;
    if (payload.action === 'delete') {
      queryClient.setQueryData<QueueView[]>(
        queueKeys.list(),
        (list) => list && removeQueue(list, payload.queueId),
      );
      queryClient.removeQueries({ queryKey: queueKeys.detail(payload.queueId) });
      return;
    }
    const { queue } = payload;
    queryClient.setQueryData<QueueView[]>(queueKeys.list(), (list) => list && upsertQueue(list, queue));
    queryClient.setQueryData(queueKeys.detail(queue.id), queue);
  });
  useCompanyEvent('settings', (payload) => {
    const setting = (payload as { setting?: SettingView } | null)?.setting;
    if (setting?.key === 'scheduleType')
      queryClient.setQueryData(queueReferenceKeys.scheduleType, setting.value);
  });
}
