import { useTranslation } from 'react-i18next';
import type { QueueIntegrationView } from '@zapdesk/contracts';
import { RecordListPage } from '../../../components/list/RecordListPage';
import { useRecordActions } from '../../../components/list/useRecordActions';
import { useDeleteIntegration, useIntegrationList } from '../api';
import { IntegrationDialog } from '../components/IntegrationDialog';
import { IntegrationsTable } from '../components/IntegrationsTable';
import { useIntegrationsLive } from '../realtime';
import { useCan } from '../../auth/can';

/** /queue-integration (plan flag useIntegrations): the company's queue integrations. */
export function QueueIntegrationsPage() {
  const { t } = useTranslation('queueIntegrations');
  const canChange = useCan('integrations.manage');
  const list = useIntegrationList();
  const remove = useDeleteIntegration();
  const actions = useRecordActions<QueueIntegrationView>(remove, t('toasts.deleted'));
  useIntegrationsLive();

  return (
    <RecordListPage
      title={t('title')}
      searchLabel={t('search')}
      addLabel={t('add')}
      addTestId="integration-add"
      listTestId="integration-list"
      emptyText={t('empty')}
      list={list}
      onAdd={actions.openAdd}
      confirmDelete={{
        ...actions.confirm,
        title: t('deleteTitle', { name: actions.deleting?.name ?? '' }),
        children: t('deleteText'),
      }}
      dialogs={
        <IntegrationDialog
          key={actions.dialogKey}
          open={actions.dialogOpen}
          integration={actions.editing}
          onClose={actions.closeDialog}
        />
      }
    >
      <IntegrationsTable
        integrations={list.records}
        canChange={canChange}
        onEdit={actions.openEdit}
        onDelete={actions.askDelete}
      />
    </RecordListPage>
  );
}
