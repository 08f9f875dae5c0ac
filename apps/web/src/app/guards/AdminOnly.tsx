import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useCurrentUser } from '../../features/auth/sessionContext';

/** The dashboard is for admins; everyone else starts at the tickets. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  return user.profile === 'admin' ? children : <Navigate to="/tickets" replace />;
}
