import { useTranslation } from 'react-i18next';
import type { PromptView } from '@zapdesk/contracts';
import { RecordListPage } from '../../../components/list/RecordListPage';
import { useRecordActions } from '../../../components/list/useRecordActions';
import { useDeletePrompt, usePromptList } from '../api';
import { PromptDialog } from '../components/PromptDialog';
import { PromptsTable } from '../components/PromptsTable';
import { usePromptsLive } from '../realtime';
import { useCan } from '../../auth/can';

/** /prompts (plan flag useOpenAi): the company's AI prompts. */
export function PromptsPage() {
  const { t } = useTranslation('prompts');
  const canChange = useCan('prompts.manage');
  const list = usePromptList();
  const remove = useDeletePrompt();
  // Spec 2: "prompt deleted" is an info toast, unlike the other pages' deletions.
  const actions = useRecordActions<PromptView>(remove, t('toasts.deleted'), { deletedToast: 'info' });
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
      confirmDelete={{
        ...actions.confirm,
        title: t('deleteTitle', { name: actions.deleting?.name ?? '' }),
        children: t('deleteText'),
      }}
      dialogs={
        <PromptDialog
          key={actions.dialogKey}
          open={actions.dialogOpen}
          prompt={actions.editing}
          onClose={actions.closeDialog}
        />
      }
    >
      <PromptsTable
        prompts={list.records}
        canChange={canChange}
        onEdit={actions.openEdit}
        onDelete={actions.askDelete}
      />
    </RecordListPage>
  );
}
