import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { NotFoundPanel } from '../../components/NotFoundPanel';
import { hasCampaignsFlag } from '../../features/auth/persistSession';
import { useSession } from '../../features/auth/sessionContext';
import { PublicOnly } from '../guards/PublicOnly';
import { RequireAuth } from '../guards/RequireAuth';
import { PrivatePage } from './PrivatePage';
import { privateRoutes } from './privateRoutes';

const LoginPage = lazy(() =>
  import('../../features/auth/pages/LoginPage').then((m) => ({ default: m.LoginPage })),
);
const SignupPage = lazy(() =>
  import('../../features/companies/pages/SignupPage').then((m) => ({ default: m.SignupPage })),
);
const ForgotPasswordPage = lazy(() =>
  import('../../features/password-reset/pages/ForgotPasswordPage').then((m) => ({
    default: m.ForgotPasswordPage,
  })),
);
const AppShell = lazy(() => import('../layout/AppShell').then((m) => ({ default: m.AppShell })));

/** The route table of spec 1 section 2 with its guards. */
export function AppRoutes() {
  // Re-read on every session change: the campaigns flag is written at login.
  useSession();
  const campaigns = hasCampaignsFlag();
  const routes = privateRoutes.filter((route) => campaigns || !route.campaigns);

  return (
    <Routes>
      <Route element={<PublicOnly />}>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/signup" element={<SignupPage />} />
        <Route path="/forgetpsw" element={<ForgotPasswordPage />} />
      </Route>
      <Route element={<RequireAuth />}>
        <Route element={<AppShell />}>
          {routes.map((route) => (
            <Route
              key={route.path}
              path={route.path}
              element={<PrivatePage key={route.path} route={route} />}
            />
          ))}
          <Route path="*" element={<NotFoundPanel />} />
        </Route>
      </Route>
    </Routes>
  );
}
