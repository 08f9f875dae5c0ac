import { useQuery } from '@tanstack/react-query';
import { request } from '../../lib/api/client';
import { emptyWhenMissing } from '../../lib/api/missing';

export type ConnectionStatus = 'CONNECTED' | 'DISCONNECTED' | 'OPENING' | 'qrcode' | 'PAIRING' | 'TIMEOUT';

/** The fields of a connection the shell needs. */
export interface ConnectionSummary {
  id: number;
  name: string;
  status: ConnectionStatus | string;
}

export const connectionKeys = {
  all: ['connections'] as const,
  list: () => [...connectionKeys.all, 'list'] as const,
};

/** States that put the error badge on the connections menu entry (spec 1 section 2). */
const WARNING_STATUSES: ReadonlySet<string> = new Set([
  'qrcode',
  'PAIRING',
  'DISCONNECTED',
  'TIMEOUT',
  'OPENING',
]);

export const needsAttention = (connections: readonly ConnectionSummary[]): boolean =>
  connections.some((connection) => WARNING_STATUSES.has(connection.status));

export function useConnectionList(enabled: boolean) {
  return useQuery({
    queryKey: connectionKeys.list(),
    queryFn: ({ signal }) =>
      emptyWhenMissing(request<ConnectionSummary[]>('/whatsapp', { query: { session: 0 }, signal }), []),
    enabled,
    meta: { silent: true },
  });
}
