import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type ConnectionStatusValue, type QueueView, type WhatsappView } from '@zapdesk/contracts';
import { callRoute, request } from '../../lib/api/client';
import { emptyWhenMissing } from '../../lib/api/missing';
import { useSimulatorAvailable } from '../simulator/availability';
import { upsertConnection } from './cache';
import type { ConnectionPayload } from './schemas';

export type ConnectionStatus = ConnectionStatusValue;

/** The fields of a connection the shell needs. */
export interface ConnectionSummary {
  id: number;
  name: string;
  status: ConnectionStatus | string;
}

export const connectionKeys = {
  all: ['connections'] as const,
  list: () => [...connectionKeys.all, 'list'] as const,
  detail: (id: number) => [...connectionKeys.all, 'detail', id] as const,
  queues: () => [...connectionKeys.all, 'queues'] as const,
  prompts: () => [...connectionKeys.all, 'prompts'] as const,
  integrations: () => [...connectionKeys.all, 'integrations'] as const,
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

/** The company's connections (GET /whatsapp), shared by the drawer badge and the connections page. */
export function useConnectionList(enabled: boolean) {
  // The drawer's simulator entry reads this probe from the cache: subscribing here re-renders the drawer
  // when it answers.
  useSimulatorAvailable(enabled);
  return useQuery({
    queryKey: connectionKeys.list(),
    queryFn: ({ signal }) =>
      emptyWhenMissing(
        callRoute<typeof routes.whatsapps.list, WhatsappView[]>(routes.whatsapps.list, {
          query: { session: 0 },
          signal,
        }),
        [],
      ),
    enabled,
    meta: { silent: true },
  });
}

/** One connection with its token (admins), fresh for the form. */
export function useConnection(id: number | null) {
  return useQuery({
    queryKey: connectionKeys.detail(id ?? 0),
    queryFn: ({ signal }) =>
      callRoute<typeof routes.whatsapps.get, WhatsappView>(routes.whatsapps.get, {
        params: { id: id ?? 0 },
        signal,
      }),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

export interface NamedOption {
  id: number;
  name: string;
}

export function useQueueOptions(enabled: boolean) {
  return useQuery({
    queryKey: connectionKeys.queues(),
    queryFn: ({ signal }) =>
      emptyWhenMissing(callRoute<typeof routes.queues.list, QueueView[]>(routes.queues.list, { signal }), []),
    enabled,
  });
}

/** GET /prompt answers `{prompts}`; an empty list (or a 404) when the company has none. */
export function usePromptOptions(enabled: boolean) {
  return useQuery({
    queryKey: connectionKeys.prompts(),
    queryFn: async ({ signal }) => {
      const answer = await emptyWhenMissing(request<{ prompts?: NamedOption[] }>('/prompt', { signal }), {});
      return answer.prompts ?? [];
    },
    enabled,
    meta: { silent: true },
  });
}

/** GET /queueIntegration answers `{queueIntegrations}`; may be missing on this server. */
export function useIntegrationOptions(enabled: boolean) {
  return useQuery({
    queryKey: connectionKeys.integrations(),
    queryFn: async ({ signal }) => {
      const answer = await emptyWhenMissing(
        request<{ queueIntegrations?: NamedOption[] }>('/queueIntegration', { signal }),
        {},
      );
      return answer.queueIntegrations ?? [];
    },
    enabled,
    meta: { silent: true },
  });
}

/** POST /whatsapp without an id, PUT /whatsapp/:id with one; the answer goes into the list at once. */
export function useSaveConnection(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConnectionPayload): Promise<WhatsappView> =>
      id === null
        ? // The form's rules for a new connection make the name present.
          callRoute(routes.whatsapps.create, { body: { ...body, name: body.name ?? '' } })
        : callRoute(routes.whatsapps.update, { params: { id }, body }),
    onSuccess: (saved) => {
      queryClient.setQueryData<WhatsappView[]>(connectionKeys.list(), (list) =>
        upsertConnection(list ?? [], saved),
      );
    },
    // The form shows field errors itself and toasts the rest.
    meta: { silent: true },
  });
}

export function useDeleteConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callRoute(routes.whatsapps.remove, { params: { id } }),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<WhatsappView[]>(connectionKeys.list(), (list) =>
        list?.filter((connection) => connection.id !== id),
      );
    },
  });
}

export type SessionCommand = 'start' | 'refresh' | 'logout';

/** POST (start), PUT (new QR) and DELETE (log out) /whatsappsession/:id; the result arrives by socket. */
export function useSessionCommand() {
  return useMutation({
    mutationFn: ({ id, command }: { id: number; command: SessionCommand }) =>
      callRoute(routes.whatsappSessions[command], { params: { id } }),
  });
}
