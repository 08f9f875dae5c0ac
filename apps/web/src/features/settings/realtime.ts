import { useQueryClient } from '@tanstack/react-query';
import type { SettingView } from '@zapdesk/contracts';
import { useCompanyEvent } from '../../lib/socket/RealtimeContext';
import { putSettingInCache } from './api';
import { useApplySettingToSession } from './sessionSettings';

function isSettingEvent(payload: unknown): payload is { action: 'update'; setting: SettingView } {
  if (typeof payload !== 'object' || payload === null) return false;
  if (!('action' in payload) || payload.action !== 'update' || !('setting' in payload)) return false;
  const { setting } = payload;
  return (
    typeof setting === 'object' &&
    setting !== null &&
    'key' in setting &&
    typeof setting.key === 'string' &&
    'value' in setting &&
    typeof setting.value === 'string'
  );
}

/**
 * Applies `company-{id}-settings` updates made by other admins (or other tabs) to the cached list and to the
 * session's company settings, on every page: an agent's next accept already follows a changed greeting option.
 */
export function useSettingsRealtime(): void {
  const queryClient = useQueryClient();
  const applyToSession = useApplySettingToSession();
  useCompanyEvent('settings', (payload) => {
    if (!isSettingEvent(payload)) return;
    putSettingInCache(queryClient, payload.setting);
    applyToSession(payload.setting);
  });
}
