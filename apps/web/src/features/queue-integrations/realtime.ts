import type { QueueIntegrationView } from '@zapdesk/contracts';
import { useCompanyEvent } from '../../lib/socket/RealtimeContext';
import { useApplySavedIntegration, useRemoveIntegrationFromLists } from './api';

type IntegrationEvent =
  | { action: 'create' | 'update'; queueIntegration: QueueIntegrationView }
  | { action: 'delete'; integrationId: number };

function isIntegrationEvent(payload: unknown): payload is IntegrationEvent {
  if (typeof payload !== 'object' || payload === null || !('action' in payload)) return false;
  if (payload.action === 'delete')
    return 'integrationId' in payload && typeof payload.integrationId === 'number';
  return (payload.action === 'create' || payload.action === 'update') && 'queueIntegration' in payload;
}

/** Patches the loaded integration lists from `company-{id}-queueIntegration`. */
export function useIntegrationsLive(): void {
  const apply = useApplySavedIntegration();
  const remove = useRemoveIntegrationFromLists();
  useCompanyEvent('queueIntegration', (payload) => {
    if (!isIntegrationEvent(payload)) return;
    if (payload.action === 'delete') remove(payload.integrationId);
    else apply(payload.queueIntegration);
  });
}
