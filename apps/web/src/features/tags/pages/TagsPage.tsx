import { useTranslation } from 'react-i18next';
import type { TagView } from '@zapdesk/contracts';
import { RecordListPage } from '../../../components/list/RecordListPage';
import { useRecordActions } from '../../../components/list/useRecordActions';
import { useCurrentUser } from '../../auth/sessionContext';
import { useDeleteTag, useTagList } from '../api';
import { TagDialog } from '../components/TagDialog';
import { TagsTable } from '../components/TagsTable';
import { useTagsLive } from '../realtime';
import { useCan } from '../../auth/can';

/** /tags: searchable, infinitely scrolled tags with ticket counts. */
export function TagsPage() {
  const { t } = useTranslation('tags');
  const user = useCurrentUser();
  const changeAny = useCan('records.changeAny');
  const list = useTagList();
  const remove = useDeleteTag();
  const actions = useRecordActions<TagView>(remove, t('toasts.deleted'));
  useTagsLive();

  // The server lets admins and a tag's creator change it.
  const canChange = (tag: TagView) => changeAny || tag.userId === user.id;

  return (
    <RecordListPage
      title={t('title')}
      searchLabel={t('search')}
      addLabel={t('add')}
      addTestId="tag-add"
      listTestId="tag-list"
      emptyText={t('empty')}
      list={list}
      onAdd={actions.openAdd}
      confirmDelete={{
        ...actions.confirm,
        title: t('deleteTitle', { name: actions.deleting?.name ?? '' }),
        children: t('deleteText'),
      }}
      dialogs={
        <TagDialog
          key={actions.dialogKey}
          open={actions.dialogOpen}
          tag={actions.editing}
          onClose={actions.closeDialog}
        />
      }
    >
      <TagsTable
        tags={list.records}
        canChange={canChange}
        onEdit={actions.openEdit}
        onDelete={actions.askDelete}
      />
    </RecordListPage>
  );
}
