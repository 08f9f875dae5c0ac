import { Navigate, Outlet } from 'react-router';
import { PageLoader } from '../../components/PageLoader';
import { useSession } from '../../features/auth/sessionContext';

/** Private routes: an anonymous visitor goes to /login. */
export function RequireAuth() {
  const { status } = useSession();
  if (status === 'loading') return <PageLoader fullScreen />;
  if (status === 'anonymous') return <Navigate to="/login" replace />;
  return <Outlet />;
}
