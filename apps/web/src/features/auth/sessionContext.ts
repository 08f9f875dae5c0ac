import { createContext, useContext } from 'react';
import type { SessionAnswer, SessionUser } from '@zapdesk/contracts';

export type SessionStatus = 'loading' | 'anonymous' | 'authenticated';

export interface SessionValue {
  status: SessionStatus;
  user: SessionUser | null;
  /** Starts the session from a login answer (already checked for an expired subscription). */
  signIn(answer: SessionAnswer): void;
  /** DELETE /auth/logout (failures ignored), then the session keys are cleared. */
  signOut(): Promise<void>;
  /** Merges a patch into the user; a function gets the current user (for patches built from it). */
  updateUser(patch: Partial<SessionUser> | ((user: SessionUser) => Partial<SessionUser>)): void;
}

export const SessionContext = createContext<SessionValue | null>(null);

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}

/** The signed-in user; only for components rendered behind the private-route guard. */
export function useCurrentUser(): SessionUser {
  const { user } = useSession();
  if (!user) throw new Error('useCurrentUser without a session');
  return user;
}
