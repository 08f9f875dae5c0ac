import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/ComingSoon';
import { useCurrentUser } from '../../features/auth/sessionContext';
import { planFlagsOf } from '../../features/plans/planFlags';
import { AdminOnly } from '../guards/AdminOnly';
import { PageGate } from '../guards/PageGate';
import type { PrivateRoute } from './privateRoutes';

/** A private route's page behind its gate, or the coming-soon panel while the page is not built. */
export function PrivatePage({ route }: { route: PrivateRoute }) {
  const { t } = useTranslation('pages');
  const user = useCurrentUser();
  const flags = planFlagsOf(user);
  const Page = route.component;
  const page: ReactNode = Page ? <Page /> : <ComingSoon title={t(`titles.${route.page}`)} />;

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
