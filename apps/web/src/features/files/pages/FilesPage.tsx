import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import type { FileListView } from '@zapdesk/contracts';
import { RecordListPage } from '../../../components/list/RecordListPage';
import { useRecordActions } from '../../../components/list/useRecordActions';
import { useCompanyEvent } from '../../../lib/socket/RealtimeContext';
import { useApplyFileList, useDeleteFileList, useFileLists } from '../api';
import { FileListDialog } from '../components/FileListDialog';
import { RowActions } from '../../../components/list/RowActions';

/** /files: the files library (spec 2 section 2). */
export function FilesPage() {
  const { t } = useTranslation('files');
  const list = useFileLists();
  const remove = useDeleteFileList();
  const apply = useApplyFileList();
  const actions = useRecordActions<FileListView>(remove, t('deleted'));
  useCompanyEvent('file', (payload) => {
    const event = payload as { action?: string; record?: FileListView; id?: number };
    if (event.action === 'delete' && typeof event.id === 'number') apply.remove(event.id);
    else if (event.record) apply.upsert(event.record);
  });
  return (
    <RecordListPage
      title={t('title', { count: list.count })}
      searchLabel={t('search')}
      addLabel={t('add')}
      addTestId="file-list-add"
      listTestId="file-list-list"
      emptyText={t('empty')}
      list={list}
      onAdd={actions.openAdd}
      confirmDelete={{
        ...actions.confirm,
        title: t('deleteTitle', { name: actions.deleting?.name ?? '' }),
        children: t('deleteText'),
      }}
      dialogs={
        <FileListDialog open={actions.dialogOpen} file={actions.editing} onClose={actions.closeDialog} />
      }
    >
      <Table size="small" stickyHeader sx={{ tableLayout: 'fixed' }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('name')}</TableCell>
            <TableCell align="right" sx={{ width: 96 }}>
              {t('actions')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {list.records.map((file) => (
            <TableRow key={file.id} hover data-testid="file-list-row">
              <TableCell sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{file.name}</TableCell>
              <RowActions
                sx={{ px: 0.5 }}
                edit={{ label: t('edit'), onClick: () => actions.openEdit(file) }}
                remove={{ label: t('delete'), onClick: () => actions.askDelete(file) }}
              />
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </RecordListPage>
  );
}
