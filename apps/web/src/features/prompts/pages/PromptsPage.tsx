import { useTranslation } from 'react-i18next';
import type { PromptView } from '@zapdesk/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { RecordListPage } from '../../../components/list/RecordListPage';
import { useRecordActions } from '../../../components/list/useRecordActions';
import { useCurrentUser } from '../../auth/sessionContext';
import { useDeletePrompt, usePromptList } from '../api';
import { PromptDialog } from '../components/PromptDialog';
import { PromptsTable } from '../components/PromptsTable';
import { usePromptsLive } from '../realtime';

/** /prompts (plan flag useOpenAi): the company's AI prompts. */
export function PromptsPage() {
  const { t } = useTranslation('prompts');
  const user = useCurrentUser();
  const list = usePromptList();
  const remove = useDeletePrompt();
  // Spec 2: "prompt deleted" is an info toast, unlike the other pages' deletions.
  const actions = useRecordActions<PromptView>(remove, t('toasts.deleted'), 'info');
  usePromptsLive();

  return (
    <RecordListPage
      title={t('title')}
      searchLabel={t('search')}
      addLabel={t('add')}
      addTestId="prompt-add"
      listTestId="prompt-list"
      emptyText={t('empty')}
      list={list}
      onAdd={actions.openAdd}
      dialogs={
        <>
          <PromptDialog open={actions.dialogOpen} prompt={actions.editing} onClose={actions.closeDialog} />
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
      <PromptsTable
        prompts={list.records}
        canChange={user.profile === 'admin'}
        onEdit={actions.openEdit}
        onDelete={actions.askDelete}
      />
    </RecordListPage>
  );
}
