import { useQuery } from '@tanstack/react-query';
import { routes, type SettingView } from '@zapdesk/contracts';
import { callRoute, request } from '../../lib/api/client';
import { emptyWhenMissing } from '../../lib/api/missing';

/** What the queue dialog's selects need of a prompt or an integration. */
export interface NamedRef {
  id: number;
  name: string;
}

export const queueReferenceKeys = {
  prompts: ['queues', 'ref', 'prompts'] as const,
  integrations: ['queues', 'ref', 'integrations'] as const,
  scheduleType: ['queues', 'ref', 'scheduleType'] as const,
};

/** Reads a named array out of a list answer, tolerating a plain array or a missing key. */
function namedList(answer: unknown, key: string): NamedRef[] {
  const list: unknown = Array.isArray(answer)
    ? answer
    : typeof answer === 'object' && answer !== null
      ? (answer as Record<string, unknown>)[key]
      : [];
  if (!Array.isArray(list)) return [];
  return list.filter(
    (item): item is NamedRef =>
      typeof item === 'object' &&
      item !== null &&
      typeof item.id === 'number' &&
      typeof item.name === 'string',
  );
}

// Prompts and integrations are other issues' modules: until they exist the routes answer 404, which means
// "none to choose", not an error.
export function usePromptOptions(enabled: boolean) {
  return useQuery({
    queryKey: queueReferenceKeys.prompts,
    queryFn: async ({ signal }) =>
      namedList(await emptyWhenMissing<unknown>(request('/prompt', { signal }), []), 'prompts'),
    enabled,
    meta: { silent: true },
  });
}

export function useIntegrationOptions(enabled: boolean) {
  return useQuery({
    queryKey: queueReferenceKeys.integrations,
    queryFn: async ({ signal }) =>
      namedList(
        await emptyWhenMissing<unknown>(request('/queueIntegration', { signal }), []),
        'queueIntegrations',
      ),
    enabled,
    meta: { silent: true },
  });
}

/** The company's scheduleType setting (disabled, company or queue); 'disabled' while unknown. */
export function useScheduleType() {
  return useQuery({
    queryKey: queueReferenceKeys.scheduleType,
    queryFn: async ({ signal }) => {
      const settings = await callRoute<typeof routes.settings.list, SettingView[]>(routes.settings.list, {
        signal,
      });
      return settings.find((setting) => setting.key === 'scheduleType')?.value ?? 'disabled';
    },
    meta: { silent: true },
  });
}
