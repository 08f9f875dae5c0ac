import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { routes, type SettingKey, type SettingView } from '@zapdesk/contracts';
import { callRoute } from '../../lib/api/client';
import { useApplySettingToSession, withSetting } from './sessionSettings';

export const settingKeys = {
  all: ['settings'] as const,
  list: () => [...settingKeys.all, 'list'] as const,
};

/** GET /settings: the company's key/value list. */
export function useSettings() {
  return useQuery({
    queryKey: settingKeys.list(),
    queryFn: ({ signal }): Promise<SettingView[]> => callRoute(routes.settings.list, { signal }),
  });
}

export const settingValue = (
  settings: readonly SettingView[] | undefined,
  key: SettingKey,
): string | undefined => settings?.find((setting) => setting.key === key)?.value;

/** Replaces (or adds) one setting in the cached list. */
export function putSettingInCache(queryClient: QueryClient, setting: SettingView): void {
  queryClient.setQueryData<SettingView[]>(settingKeys.list(), (list) =>
    list ? withSetting(list, setting) : list,
  );
}

/**
 * PUT /settings/:key; the list shows the new value at once and goes back if the server refuses it; once saved,
 * the session's company settings follow.
 */
export function useUpdateSetting() {
  const queryClient = useQueryClient();
  const applyToSession = useApplySettingToSession();
  return useMutation({
    mutationFn: (setting: SettingView): Promise<SettingView> =>
      callRoute(routes.settings.update, { params: { key: setting.key }, body: { value: setting.value } }),
    onMutate: async (setting) => {
      await queryClient.cancelQueries({ queryKey: settingKeys.list() });
      const before = queryClient.getQueryData<SettingView[]>(settingKeys.list());
      putSettingInCache(queryClient, setting);
      return { before };
    },
    onError: (_error, _setting, context) => {
      if (context?.before) queryClient.setQueryData(settingKeys.list(), context.before);
    },
    onSuccess: (saved) => {
      putSettingInCache(queryClient, saved);
      applyToSession(saved);
    },
  });
}
