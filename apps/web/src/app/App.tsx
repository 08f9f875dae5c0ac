import { Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { queryClient } from '../lib/queryClient';
import { AppProviders } from './providers/AppProviders';
import { AppRoutes } from './router/AppRoutes';

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <Suspense fallback={<PageLoader fullScreen />}>
          <AppRoutes />
        </Suspense>
      </BrowserRouter>
    </AppProviders>
  );
}
