import { useMutation, useQuery } from '@tanstack/react-query';
import { routes, type SimulatorInboundInput, type SimulatorOutboxItem } from '@zapdesk/contracts';
import type { z } from 'zod';
import { callRoute } from '../../lib/api/client';
import { simulatorKeys } from './availability';

/** How often the conversation re-reads what our side sent (acks advance on their own). */
export const OUTBOX_POLL_MS = 1500;

/** The fake phone scans the QR code of a simulator connection (PAIRING, then CONNECTED). */
export function useScanQrCode() {
  return useMutation({
    mutationFn: (connectionId: number) => callRoute(routes.simulator.scan, { params: { id: connectionId } }),
  });
}

export type InboundBody = z.input<typeof SimulatorInboundInput>;

/** A simulated customer sends a message to the connection. */
export function useSendInbound(connectionId: number | null) {
  return useMutation({
    mutationFn: (body: InboundBody): Promise<{ externalId: string }> =>
      callRoute(routes.simulator.inbound, { params: { id: connectionId ?? 0 }, body }),
  });
}

/** What our side sent to the number, polled while the conversation is open. */
export function useOutbox(connectionId: number | null, to: string | null) {
  return useQuery({
    queryKey: simulatorKeys.outbox(connectionId ?? 0, to ?? ''),
    queryFn: ({ signal }) =>
      callRoute<typeof routes.simulator.outbox, SimulatorOutboxItem[]>(routes.simulator.outbox, {
        params: { id: connectionId ?? 0 },
        query: { to: to ?? '' },
        signal,
      }),
    enabled: connectionId !== null && to !== null,
    refetchInterval: OUTBOX_POLL_MS,
    staleTime: 0,
    meta: { silent: true },
  });
}
