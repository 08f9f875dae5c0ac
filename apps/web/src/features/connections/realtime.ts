import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { WhatsappView } from '@zapdesk/contracts';
import { useCompanyEvent } from '../../lib/socket/RealtimeContext';
import { connectionKeys } from './api';
import { applySessionUpdate, applyWhatsappEvent, readSessionEvent, readWhatsappEvent } from './cache';

export const CONNECTION_RECHECK_MS = 2000;

/** Re-reads the connections 2 s after a connection or session change (spec 1 section 2). */
export function useConnectionsRecheck(): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const schedule = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: connectionKeys.all }),
      CONNECTION_RECHECK_MS,
    );
  };
  useCompanyEvent('whatsapp', schedule);
  useCompanyEvent('whatsappSession', schedule);
  useEffect(() => () => clearTimeout(timer.current), []);
}

/** Applies connection and session events to the cached list as they arrive (the page's live view). */
export function useConnectionsLive(): void {
  const queryClient = useQueryClient();
  const patch = (change: (list: WhatsappView[]) => WhatsappView[]) =>
    queryClient.setQueryData<WhatsappView[]>(connectionKeys.list(), (list) => (list ? change(list) : list));

  useCompanyEvent('whatsapp', (payload) => {
    const event = readWhatsappEvent(payload);
    if (event) patch((list) => applyWhatsappEvent(list, event));
  });
  useCompanyEvent('whatsappSession', (payload) => {
    const session = readSessionEvent(payload);
    if (session) patch((list) => applySessionUpdate(list, session));
  });
}
