import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { SessionProvider } from '../../features/auth/SessionProvider';
import { TOAST_MS } from '../../lib/toast';
import { AppThemeProvider } from '../theme/AppThemeProvider';

/** Theme, toasts, server state and the session: everything a page may rely on. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <AppThemeProvider>
      <SnackbarProvider
        maxSnack={4}
        autoHideDuration={TOAST_MS}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <QueryClientProvider client={queryClient}>
          <SessionProvider>{children}</SessionProvider>
        </QueryClientProvider>
      </SnackbarProvider>
    </AppThemeProvider>
  );
}
