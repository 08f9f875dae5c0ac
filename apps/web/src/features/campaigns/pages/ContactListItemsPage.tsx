import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { ContactListItemView } from '@zapdesk/contracts';
import { RecordListPage } from '../../../components/list/RecordListPage';
import { useRecordActions } from '../../../components/list/useRecordActions';
import { toastError } from '../../../lib/toast';
import { ImportItemsDialog } from '../components/ImportItemsDialog';
import { ItemDialog } from '../components/ItemDialog';
import { downloadItemsCsv, useContactList, useContactListItems, useDeleteItem } from '../contactListsApi';
import { useContactListItemsLive } from '../realtime';
import { RowActions } from '../../../components/list/RowActions';

/** /contact-lists/:contactListId/contacts: a list's contacts with the WhatsApp icon, import and export. */
export function ContactListItemsPage() {
  const { t } = useTranslation('campaigns');
  const navigate = useNavigate();
  const listId = Number(useParams().contactListId);
  const contactList = useContactList(listId);
  const list = useContactListItems(listId);
  const remove = useDeleteItem(listId);
  const actions = useRecordActions<ContactListItemView>(remove, t('items.deleted'));
  const [importing, setImporting] = useState(false);
  useContactListItemsLive(listId);
  return (
    <RecordListPage
      title={t('items.title', { name: contactList.data?.name ?? '' })}
      searchLabel={t('items.search')}
      addLabel={t('items.add')}
      addTestId="contact-list-item-add"
      listTestId="contact-list-item-list"
      emptyText={t('items.empty')}
      list={list}
      onAdd={actions.openAdd}
      toolbar={
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 1 }}>
          <Button size="small" startIcon={<ArrowBackIcon />} onClick={() => void navigate('/contact-lists')}>
            {t('items.back')}
          </Button>
          <Button
            size="small"
            variant="outlined"
            onClick={() => setImporting(true)}
            data-testid="contact-list-import"
          >
            {t('items.import')}
          </Button>
          <Button
            size="small"
            variant="outlined"
            onClick={() => void downloadItemsCsv(listId).catch(toastError)}
          >
            {t('items.export')}
          </Button>
        </Box>
      }
      confirmDelete={{
        ...actions.confirm,
        title: t('items.deleteTitle', { name: actions.deleting?.name ?? '' }),
        children: t('items.deleteText'),
      }}
      dialogs={
        <>
          <ItemDialog
            open={actions.dialogOpen}
            listId={listId}
            item={actions.editing}
            onClose={actions.closeDialog}
          />
          <ImportItemsDialog listId={listId} open={importing} onClose={() => setImporting(false)} />
        </>
      }
    >
      <Table size="small" stickyHeader sx={{ tableLayout: 'fixed' }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 48 }} />
            <TableCell>{t('items.name')}</TableCell>
            <TableCell>{t('items.number')}</TableCell>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('items.email')}</TableCell>
            <TableCell align="right" sx={{ width: 90 }}>
              {t('items.actions')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {list.records.map((item) => (
            <TableRow
              key={item.id}
              hover
              data-testid="contact-list-item-row"
              data-valid={String(item.isWhatsappValid)}
            >
              <TableCell>
                <Tooltip title={item.isWhatsappValid ? t('items.valid') : t('items.invalid')}>
                  <CheckCircleIcon
                    fontSize="small"
                    sx={{ color: item.isWhatsappValid ? 'success.main' : 'grey.400' }}
                  />
                </Tooltip>
              </TableCell>
              <TableCell sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{item.name}</TableCell>
              <TableCell sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{item.number}</TableCell>
              <TableCell
                sx={{
                  display: { xs: 'none', sm: 'table-cell' },
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                }}
              >
                {item.email}
              </TableCell>
              <RowActions
                sx={{ px: 0.5 }}
                edit={{ label: t('items.edit'), onClick: () => actions.openEdit(item) }}
                remove={{ label: t('items.delete'), onClick: () => actions.askDelete(item) }}
              />
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </RecordListPage>
  );
}
