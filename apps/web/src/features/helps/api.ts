import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type HelpInput, type HelpView, type UpdateHelpInput } from '@zapdesk/contracts';
import type { z } from 'zod';
import { callRoute } from '../../lib/api/client';

export const helpKeys = {
  all: ['helps'] as const,
  list: () => [...helpKeys.all, 'list'] as const,
};

/** Every help video (GET /helps/list). */
export function useHelps(options: { silent?: boolean } = {}) {
  return useQuery({
    queryKey: helpKeys.list(),
    queryFn: ({ signal }): Promise<HelpView[]> => callRoute(routes.helps.listAll, { signal }),
    meta: { silent: options.silent ?? false },
  });
}

/** A help form's save: a new video, or changes to the one with this id. */
export type HelpSave =
  { id?: undefined; body: z.input<typeof HelpInput> } | { id: number; body: z.input<typeof UpdateHelpInput> };

export function useSaveHelp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: HelpSave): Promise<HelpView> =>
      save.id === undefined
        ? callRoute(routes.helps.create, { body: save.body })
        : callRoute(routes.helps.update, { params: { id: save.id }, body: save.body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: helpKeys.all }),
    meta: { silent: true },
  });
}

export function useDeleteHelp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callRoute(routes.helps.remove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: helpKeys.all }),
    meta: { silent: true },
  });
}
