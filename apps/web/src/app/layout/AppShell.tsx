import { Suspense } from 'react';
import Box from '@mui/material/Box';
import { Outlet } from 'react-router';
import { PageLoader } from '../../components/PageLoader';
import { useCurrentUser } from '../../features/auth/sessionContext';
import { useForcedLogout } from '../../features/auth/useForcedLogout';
import { useConnectionsRecheck } from '../../features/connections/realtime';
import { usePaymentLive } from '../../features/invoices/realtime';
import { useSettingsRealtime } from '../../features/settings/realtime';
import { RealtimeProvider } from '../../lib/socket/RealtimeProvider';
import { AppDrawer } from './drawer/AppDrawer';
import { useDrawerState } from './drawer/useDrawerState';
import { TopBar } from './topbar/TopBar';

/** Company-wide live listeners that are not tied to one page. */
function ShellListeners({ userId }: { userId: number }) {
  useForcedLogout(userId);
  useConnectionsRecheck();
  useSettingsRealtime();
  usePaymentLive();
  return null;
}

/** The signed-in frame: socket, drawer, top bar and the current page. */
export function AppShell() {
  const user = useCurrentUser();
  const drawer = useDrawerState();

  return (
    <RealtimeProvider companyId={user.companyId} userId={user.id}>
      <ShellListeners userId={user.id} />
      <Box sx={{ display: 'flex', height: '100dvh', overflow: 'hidden' }}>
        <AppDrawer overlay={drawer.overlay} open={drawer.open} onClose={drawer.close} />
        <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          <TopBar drawerOpen={drawer.open} onToggleDrawer={drawer.toggle} />
          <Box component="main" sx={{ flex: 1, minWidth: 0, overflow: 'auto' }}>
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </Box>
        </Box>
      </Box>
    </RealtimeProvider>
  );
}
