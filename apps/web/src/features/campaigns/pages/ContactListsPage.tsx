import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import DownloadIcon from '@mui/icons-material/Download';
import PeopleIcon from '@mui/icons-material/People';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ContactListView } from '@zapdesk/contracts';
import { RowActions } from '../../../components/list/RowActions';
import { RecordListPage } from '../../../components/list/RecordListPage';
import { useRecordActions } from '../../../components/list/useRecordActions';
import { toastError } from '../../../lib/toast';
import { downloadSampleSheet } from '../../contacts/import/sampleSheet';
import { ContactListDialog } from '../components/NameDialog';
import { useContactLists, useDeleteContactList } from '../contactListsApi';
import { useContactListsLive } from '../realtime';

/** /contact-lists: searchable lists with their contact counts (spec 2 section 2). */
export function ContactListsPage() {
  const { t } = useTranslation('campaigns');
  const navigate = useNavigate();
  const list = useContactLists();
  const remove = useDeleteContactList();
  const actions = useRecordActions<ContactListView>(remove, t('lists.deleted'));
  useContactListsLive();
  return (
    <RecordListPage
      title={t('lists.title')}
      searchLabel={t('lists.search')}
      addLabel={t('lists.add')}
      addTestId="contact-list-add"
      listTestId="contact-list-list"
      emptyText={t('lists.empty')}
      list={list}
      onAdd={actions.openAdd}
      confirmDelete={{
        ...actions.confirm,
        title: t('lists.deleteTitle', { name: actions.deleting?.name ?? '' }),
        children: t('lists.deleteText'),
      }}
      dialogs={
        <ContactListDialog open={actions.dialogOpen} list={actions.editing} onClose={actions.closeDialog} />
      }
    >
      <Table size="small" stickyHeader sx={{ tableLayout: 'fixed' }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('lists.name')}</TableCell>
            <TableCell align="center" sx={{ width: { xs: 70, sm: 120 } }}>
              {t('lists.contacts')}
            </TableCell>
            <TableCell align="right" sx={{ width: { xs: 130, sm: 170 } }}>
              {t('lists.actions')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {list.records.map((row) => (
            <TableRow key={row.id} hover data-testid="contact-list-row">
              <TableCell sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{row.name}</TableCell>
              <TableCell align="center" data-testid="contact-list-count">
                {row.contactsCount}
              </TableCell>
              <RowActions
                sx={{ px: 0.5 }}
                leading={[
                  {
                    label: t('lists.sample'),
                    icon: <DownloadIcon fontSize="small" />,
                    onClick: () => void downloadSampleSheet(t('lists.sampleFile')).catch(toastError),
                  },
                  {
                    label: t('lists.open'),
                    icon: <PeopleIcon fontSize="small" />,
                    onClick: () => void navigate(`/contact-lists/${row.id}/contacts`),
                    testId: 'contact-list-open',
                  },
                ]}
                edit={{ label: t('lists.edit'), onClick: () => actions.openEdit(row) }}
                remove={{ label: t('lists.delete'), onClick: () => actions.askDelete(row) }}
              />
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </RecordListPage>
  );
}
