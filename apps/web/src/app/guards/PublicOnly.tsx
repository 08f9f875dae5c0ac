import { Navigate, Outlet } from 'react-router';
import { PageLoader } from '../../components/PageLoader';
import { useSession } from '../../features/auth/sessionContext';

/** Public routes (/login, /signup, /forgetpsw): an authenticated user goes to /. */
export function PublicOnly() {
  const { status } = useSession();
  if (status === 'loading') return <PageLoader fullScreen />;
  if (status === 'authenticated') return <Navigate to="/" replace />;
  return <Outlet />;
}
