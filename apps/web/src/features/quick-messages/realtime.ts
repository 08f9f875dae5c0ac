import type { QuickMessageView } from '@zapdesk/contracts';
import { useCompanyEvent } from '../../lib/socket/RealtimeContext';
import { useApplyQuickMessage, useRemoveQuickMessage } from './api';

type QuickMessageEvent =
  { action: 'create' | 'update'; record: QuickMessageView } | { action: 'delete'; id: number };

function isQuickMessageEvent(payload: unknown): payload is QuickMessageEvent {
  if (typeof payload !== 'object' || payload === null || !('action' in payload)) return false;
  if (payload.action === 'delete') return 'id' in payload && typeof payload.id === 'number';
  return (payload.action === 'create' || payload.action === 'update') && 'record' in payload;
}

/** Patches the loaded quick message lists from `company-{id}-quickmessage`. */
export function useQuickMessagesLive(): void {
  const apply = useApplyQuickMessage();
  const remove = useRemoveQuickMessage();
  useCompanyEvent('quickmessage', (payload) => {
    if (!isQuickMessageEvent(payload)) return;
    if (payload.action === 'delete') remove(payload.id);
    else apply(payload.record);
  });
}
