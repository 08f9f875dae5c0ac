import { useTranslation } from 'react-i18next';
import type { QueueIntegrationView } from '@zapdesk/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { RecordListPage } from '../../../components/list/RecordListPage';
import { useRecordActions } from '../../../components/list/useRecordActions';
import { useCurrentUser } from '../../auth/sessionContext';
import { useDeleteIntegration, useIntegrationList } from '../api';
import { IntegrationDialog } from '../components/IntegrationDialog';
import { IntegrationsTable } from '../components/IntegrationsTable';
import { useIntegrationsLive } from '../realtime';

/** /queue-integration (plan flag useIntegrations): the company's queue integrations. */
export function QueueIntegrationsPage() {
  const { t } = useTranslation('queueIntegrations');
  const user = useCurrentUser();
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
      dialogs={
        <>
          <IntegrationDialog
            open={actions.dialogOpen}
            integration={actions.editing}
            onClose={actions.closeDialog}
          />
          <ConfirmDialog
            open={actions.deleting !== null}
            title={t('deleteTitle', { name: actions.deleting?.name ?? '' })}
            pending={remove.isPending}
            onConfirm={actions.confirmDelete}
            onClose={actions.cancelDelete}
          >
            {t('deleteText')}
          </ConfirmDialog>
        </>
      }
    >
      <IntegrationsTable
        integrations={list.records}
        canChange={user.profile === 'admin'}
        onEdit={actions.openEdit}
        onDelete={actions.askDelete}
      />
    </RecordListPage>
  );
}
