import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ContactPhoneOutlinedIcon from '@mui/icons-material/ContactPhoneOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { useTranslation } from 'react-i18next';
import type { ContactView } from '@zapdesk/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { RecordListPage } from '../../../components/list/RecordListPage';
import { useRecordActions } from '../../../components/list/useRecordActions';
import { toast, toastError } from '../../../lib/toast';
import { downloadContactsCsv, useContactList, useDeleteContact, useImportPhoneContacts } from '../api';
import { ContactDialog } from '../components/ContactDialog';
import { ImportContactsDialog } from '../components/ImportContactsDialog';
import { ContactsTable } from '../components/ContactsTable';
import { useContactsLive } from '../realtime';
import { useCan } from '../../auth/can';
import { NewTicketDialog } from '../../tickets/components/NewTicketDialog';

/**
 * /contacts: searchable, infinitely scrolled contacts with start ticket, edit, delete, the spreadsheet import,
 * the phone-contacts import and CSV export.
 */
export function ContactsPage() {
  const { t } = useTranslation('contacts');
  const list = useContactList();
  const remove = useDeleteContact();
  const actions = useRecordActions<ContactView>(remove, t('toasts.deleted'));
  // Spec 2 section 2: start ticket opens the new-ticket dialog with this contact (queue and connection to pick).
  const [startingFor, setStartingFor] = useState<ContactView | null>(null);
  const [exporting, setExporting] = useState(false);
  const [importing, setImporting] = useState(false);
  const [askPhoneImport, setAskPhoneImport] = useState(false);
  const phoneImport = useImportPhoneContacts();
  useContactsLive();

  // DELETE /contacts/:id is admin-only on the server.
  const canDelete = useCan('contacts.delete');

  const onExport = () => {
    setExporting(true);
    downloadContactsCsv()
      .catch(toastError)
      .finally(() => setExporting(false));
  };

  // Spec 2 section 2: the list reloads after the phone import (the mutation refetches it).
  const onPhoneImport = () =>
    phoneImport.mutate(undefined, {
      onSuccess: ({ count }) => toast.success(t('importPhone.done', { count })),
      onSettled: () => setAskPhoneImport(false),
    });

  return (
    <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column', minHeight: 0 }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          justifyContent: 'flex-end',
          gap: 1,
          px: { xs: 2, sm: 3 },
          pt: { xs: 2, sm: 3 },
        }}
      >
        <Button
          variant="outlined"
          size="small"
          startIcon={<ContactPhoneOutlinedIcon />}
          onClick={() => setAskPhoneImport(true)}
          data-testid="contact-import-phone"
        >
          {t('importPhone.action')}
        </Button>
        <Button
          variant="outlined"
          size="small"
          startIcon={<UploadFileOutlinedIcon />}
          onClick={() => setImporting(true)}
          data-testid="contact-import"
        >
          {t('import.action')}
        </Button>
        <Button
          variant="outlined"
          size="small"
          startIcon={<FileDownloadOutlinedIcon />}
          onClick={onExport}
          loading={exporting}
          data-testid="contact-export"
        >
          {t('export')}
        </Button>
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, mt: { xs: -1, sm: -2 } }}>
        <RecordListPage
          title={t('title')}
          searchLabel={t('search')}
          addLabel={t('add')}
          addTestId="contact-add"
          listTestId="contact-list"
          emptyText={t('empty')}
          list={list}
          onAdd={actions.openAdd}
          confirmDelete={{
            ...actions.confirm,
            title: t('deleteTitle', { name: actions.deleting?.name ?? '' }),
            children: t('deleteText'),
          }}
          dialogs={
            <>
              <ContactDialog
                open={actions.dialogOpen}
                contact={actions.editing}
                onClose={actions.closeDialog}
              />
              {startingFor && (
                <NewTicketDialog open initialContact={startingFor} onClose={() => setStartingFor(null)} />
              )}
              <ImportContactsDialog open={importing} onClose={() => setImporting(false)} />
              <ConfirmDialog
                open={askPhoneImport}
                title={t('importPhone.title')}
                confirmLabel={t('importPhone.confirm')}
                pending={phoneImport.isPending}
                onConfirm={onPhoneImport}
                onClose={() => setAskPhoneImport(false)}
              >
                {t('importPhone.text')}
              </ConfirmDialog>
            </>
          }
        >
          <ContactsTable
            contacts={list.records}
            canDelete={canDelete}
            onStartTicket={setStartingFor}
            onEdit={actions.openEdit}
            onDelete={actions.askDelete}
          />
        </RecordListPage>
      </Box>
    </Box>
  );
}
