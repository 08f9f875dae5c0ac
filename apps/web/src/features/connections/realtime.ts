import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useCompanyEvent } from '../../lib/socket/RealtimeContext';
import { connectionKeys } from './api';

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
