import { createContext, useContext, useEffect, useRef } from 'react';
import type { RealtimeClient } from './realtimeClient';

export const RealtimeContext = createContext<RealtimeClient | null>(null);

export const useRealtime = (): RealtimeClient | null => useContext(RealtimeContext);

/** Listens to `company-{id}-{name}` while mounted; the handler may change between renders. */
export function useCompanyEvent(name: string, handler: (payload: unknown) => void): void {
  useRawEvent(name, handler, true);
}

/** Listens to an event with a literal name (e.g. the global `company-announcement`). */
export function useSocketEvent(event: string, handler: (payload: unknown) => void): void {
  useRawEvent(event, handler, false);
}

function useRawEvent(name: string, handler: (payload: unknown) => void, scoped: boolean): void {
  const client = useRealtime();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!client) return;
    return client.on(scoped ? client.eventName(name) : name, (payload) => latest.current(payload));
  }, [client, name, scoped]);
}
