import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SessionAnswer, SessionUser } from '@zapdesk/contracts';
import { onSessionRefreshed, refreshSession } from '../../lib/api/client';
import { endSession, getToken, onSessionEnd } from '../../lib/session/tokenStore';
import { logoutRequest } from './api';
import { persistSession } from './persistSession';
import { SessionContext, type SessionStatus, type SessionValue } from './sessionContext';

interface State {
  status: SessionStatus;
  user: SessionUser | null;
}

/**
 * Holds the signed-in user. With a saved token it first restores the session through the refresh route
 * (spec 1 section 4); any end of the session (401, refused refresh, logout) makes it anonymous.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>(() => ({
    status: getToken() ? 'loading' : 'anonymous',
    user: null,
  }));

  useEffect(() => {
    const offEnd = onSessionEnd(() => {
      setState({ status: 'anonymous', user: null });
      queryClient.clear();
    });
    const offRefresh = onSessionRefreshed((answer) => {
      persistSession(answer);
      setState({ status: 'authenticated', user: answer.user });
    });
    return () => {
      offEnd();
      offRefresh();
    };
  }, [queryClient]);

  useEffect(() => {
    if (!getToken()) return;
    // The refresh listener above stores the new session; a refusal ends it through onSessionEnd.
    refreshSession().catch(() => setState({ status: 'anonymous', user: null }));
  }, []);

  const signIn = useCallback((answer: SessionAnswer) => {
    persistSession(answer);
    setState({ status: 'authenticated', user: answer.user });
  }, []);

  const signOut = useCallback(async () => {
    try {
      await logoutRequest();
    } catch (error) {
      console.error(error);
    }
    endSession('logout');
  }, []);

  const updateUser = useCallback<SessionValue['updateUser']>((patch) => {
    setState((current) => {
      if (!current.user) return current;
      const changes = typeof patch === 'function' ? patch(current.user) : patch;
      return { ...current, user: { ...current.user, ...changes } };
    });
  }, []);

  const value = useMemo<SessionValue>(
    () => ({ ...state, signIn, signOut, updateUser }),
    [state, signIn, signOut, updateUser],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
