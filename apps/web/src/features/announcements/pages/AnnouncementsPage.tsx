import { useTranslation } from 'react-i18next';
import type { AnnouncementView } from '@zapdesk/contracts';
import { RecordListPage } from '../../../components/list/RecordListPage';
import { useRecordActions } from '../../../components/list/useRecordActions';
import { useAnnouncementList, useDeleteAnnouncement } from '../api';
import { AnnouncementFormDialog } from '../components/AnnouncementFormDialog';
import { AnnouncementsTable } from '../components/AnnouncementsTable';

/** /announcements (super users; the route's gate sends others home): every announcement, to add and edit. */
export function AnnouncementsPage() {
  const { t } = useTranslation('announcements');
  const list = useAnnouncementList();
  const remove = useDeleteAnnouncement();
  const actions = useRecordActions<AnnouncementView>(remove, t('toasts.deleted'));
  // The top bar's bell keeps every announcement list current from `company-announcement`.

  return (
    <RecordListPage
      title={t('title')}
      searchLabel={t('search')}
      addLabel={t('add')}
      addTestId="announcement-add"
      listTestId="announcement-list"
      emptyText={t('empty')}
      list={list}
      onAdd={actions.openAdd}
      confirmDelete={{
        ...actions.confirm,
        title: t('deleteTitle', { title: actions.deleting?.title ?? '' }),
        children: t('deleteText'),
      }}
      dialogs={
        <AnnouncementFormDialog
          key={actions.dialogKey}
          open={actions.dialogOpen}
          record={actions.editing}
          onClose={actions.closeDialog}
        />
      }
    >
      <AnnouncementsTable records={list.records} onEdit={actions.openEdit} onDelete={actions.askDelete} />
    </RecordListPage>
  );
}
