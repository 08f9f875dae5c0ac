import { useTranslation } from 'react-i18next';
import type { QuickMessageView } from '@zapdesk/contracts';
import { RecordListPage } from '../../../components/list/RecordListPage';
import { useRecordActions } from '../../../components/list/useRecordActions';
import { useCurrentUser } from '../../auth/sessionContext';
import { useDeleteQuickMessage, useQuickMessageList } from '../api';
import { QuickMessageDialog } from '../components/QuickMessageDialog';
import { QuickMessagesTable } from '../components/QuickMessagesTable';
import { useQuickMessagesLive } from '../realtime';
import { useCan } from '../../auth/can';

/** /quick-messages: the user's own and the general quick replies. */
export function QuickMessagesPage() {
  const { t } = useTranslation('quickMessages');
  const user = useCurrentUser();
  const changeAny = useCan('records.changeAny');
  const list = useQuickMessageList(user.id);
  const remove = useDeleteQuickMessage();
  const actions = useRecordActions<QuickMessageView>(remove, t('toasts.deleted'));
  useQuickMessagesLive();

  // The server lets the author and admins change a quick message.
  const canChange = (record: QuickMessageView) => changeAny || record.userId === user.id;

  return (
    <RecordListPage
      title={t('title')}
      searchLabel={t('search')}
      addLabel={t('add')}
      addTestId="quick-message-add"
      listTestId="quick-message-list"
      emptyText={t('empty')}
      list={list}
      onAdd={actions.openAdd}
      confirmDelete={{
        ...actions.confirm,
        title: t('deleteTitle', { shortcode: actions.deleting?.shortcode ?? '' }),
        children: t('deleteText'),
      }}
      dialogs={
        <QuickMessageDialog
          key={actions.dialogKey}
          open={actions.dialogOpen}
          record={actions.editing}
          onClose={actions.closeDialog}
        />
      }
    >
      <QuickMessagesTable
        records={list.records}
        canChange={canChange}
        onEdit={actions.openEdit}
        onDelete={actions.askDelete}
      />
    </RecordListPage>
  );
}
