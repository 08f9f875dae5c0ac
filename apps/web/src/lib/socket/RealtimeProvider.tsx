import { useEffect, useState, type ReactNode } from 'react';
import { isJwtExpired } from '../jwt';
import { getToken } from '../session/tokenStore';
import { RealtimeClient } from './realtimeClient';
import { RealtimeContext } from './RealtimeContext';

const RELOAD_MARK = 'zapdesk-expired-token-reload';

// A clock far ahead of the server would make every token look expired; reload at most once a minute.
function reloadForExpiredToken(): boolean {
  const last = Number(sessionStorage.getItem(RELOAD_MARK) ?? 0);
  if (Date.now() - last < 60_000) return false;
  sessionStorage.setItem(RELOAD_MARK, String(Date.now()));
  window.location.reload();
  return true;
}

/** One socket per company and user, recreated when either changes (spec 1 section 4, live socket). */
export function RealtimeProvider({
  companyId,
  userId,
  children,
}: {
  companyId: number;
  userId: number;
  children: ReactNode;
}) {
  const [client, setClient] = useState<RealtimeClient | null>(null);

  useEffect(() => {
    const token = getToken();
    if (!token) return;
    if (isJwtExpired(token) && reloadForExpiredToken()) return;
    const created = new RealtimeClient(companyId, token);
    setClient(created);
    return () => {
      created.close();
      setClient(null);
    };
  }, [companyId, userId]);

  return <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>;
}
