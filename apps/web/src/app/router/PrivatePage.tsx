import type { ReactNode } from 'react';
import { useCurrentUser } from '../../features/auth/sessionContext';
import { planFlagsOf } from '../../features/plans/planFlags';
import { AdminOnly } from '../guards/AdminOnly';
import { PageGate } from '../guards/PageGate';
import type { PrivateRoute } from './privateRoutes';

/** A private route's page behind its gate. */
export function PrivatePage({ route }: { route: PrivateRoute }) {
  const user = useCurrentUser();
  const flags = planFlagsOf(user);
  const Page = route.component;
  const page: ReactNode = <Page />;

  switch (route.gate) {
    case undefined:
      return page;
    case 'admin':
      return <AdminOnly>{page}</AdminOnly>;
    case 'super':
      return (
        <PageGate allowed={user.super} refusal="superOnly">
          {page}
        </PageGate>
      );
    case 'useExternalApi':
      return (
        <PageGate allowed={flags.useExternalApi} refusal="unauthorized">
          {page}
        </PageGate>
      );
    case 'useOpenAi':
    case 'useIntegrations':
    case 'useInternalChat':
    case 'useKanban':
    case 'useSchedules':
      return (
        <PageGate allowed={flags[route.gate]} refusal="noPermission">
          {page}
        </PageGate>
      );
  }
}
