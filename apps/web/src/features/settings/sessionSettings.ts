import { useCallback } from 'react';
import type { SessionUser, SettingView } from '@zapdesk/contracts';
import { useSession } from '../auth/sessionContext';

/** The list with one setting replaced, or added when the key is new. */
export function withSetting(list: readonly SettingView[], setting: SettingView): SettingView[] {
  const present = list.some((row) => row.key === setting.key);
  return present ? list.map((row) => (row.key === setting.key ? setting : row)) : [...list, setting];
}

/** The session fields to change so the signed-in user's company carries the setting. */
export function companyWithSetting(user: SessionUser, setting: SettingView): Pick<SessionUser, 'company'> {
  return { company: { ...user.company, settings: withSetting(user.company.settings, setting) } };
}

/**
 * Applies a saved setting to the session's copy of the company settings, which screens read without asking
 * the server again (the accept greeting, the campaigns flag); without this they would keep the values of the
 * last login until the next token refresh.
 */
export function useApplySettingToSession(): (setting: SettingView) => void {
  const { updateUser } = useSession();
  return useCallback(
    (setting: SettingView) => updateUser((user) => companyWithSetting(user, setting)),
    [updateUser],
  );
}
