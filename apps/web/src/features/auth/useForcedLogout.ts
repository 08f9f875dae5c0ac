import { useTranslation } from 'react-i18next';
import { clearAllItems } from '../../lib/session/storage';
import { useCompanyEvent } from '../../lib/socket/RealtimeContext';
import { toast } from '../../lib/toast';

export const FORCED_LOGOUT_RELOAD_MS = 1000;

const loggedInUserId = (payload: unknown): number | null => {
  if (typeof payload !== 'object' || payload === null || !('user' in payload)) return null;
  const { user } = payload;
  if (typeof user !== 'object' || user === null || !('id' in user)) return null;
  return typeof user.id === 'number' ? user.id : null;
};

/** The same user signed in elsewhere: say so, forget everything, reload after 1 s (spec 1 section 4). */
export function useForcedLogout(userId: number): void {
  const { t } = useTranslation();
  useCompanyEvent('auth', (payload) => {
    if (loggedInUserId(payload) !== userId) return;
    toast.error(t('toasts.loggedElsewhere'));
    clearAllItems();
    setTimeout(() => window.location.reload(), FORCED_LOGOUT_RELOAD_MS);
  });
}
