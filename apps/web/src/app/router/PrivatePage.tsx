import type { ReactNode } from 'react';
import { useCan } from '../../features/auth/can';
import { useCurrentUser } from '../../features/auth/sessionContext';
import { planFlagsOf } from '../../features/plans/planFlags';
import { RequireAbility } from '../guards/RequireAbility';
import { PageGate } from '../guards/PageGate';
import type { PrivateRoute } from './privateRoutes';

/** A private route's page behind its gate. */
export function PrivatePage({ route }: { route: PrivateRoute }) {
  const user = useCurrentUser();
  const flags = planFlagsOf(user);
  const mayAnnounce = useCan('announcements.manage');
  const Page = route.component;
  const page: ReactNode = <Page />;

  switch (route.gate) {
    case undefined:
      return page;
    case 'dashboard.view':
    case 'simulator.use':
      return <RequireAbility ability={route.gate}>{page}</RequireAbility>;
    case 'announcements.manage':
      return (
        <PageGate allowed={mayAnnounce} refusal="superOnly">
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
