import { useEffect } from 'react';
import { clientEvents } from '@zapdesk/contracts';
import { useCompanyEvent, useRealtime } from '../../lib/socket/RealtimeContext';
import { isAppMessageEvent } from '../tickets/events';
import { usePatchMessages } from './api';

/** Joins the ticket's chat room and patches its messages from `-appMessage` create and update. */
export function useMessagesLive(ticketId: number): void {
  const realtime = useRealtime();
  const { upsert, update } = usePatchMessages(ticketId);
  useEffect(() => realtime?.join(clientEvents.joinChatBox, String(ticketId)), [realtime, ticketId]);
  useCompanyEvent('appMessage', (payload) => {
    if (!isAppMessageEvent(payload) || payload.message.ticketId !== ticketId) return;
    if (payload.action === 'create') upsert(payload.message);
    else update(payload.message);
  });
}
