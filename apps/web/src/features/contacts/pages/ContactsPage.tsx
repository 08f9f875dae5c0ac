import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ContactView } from '@zapdesk/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { RecordListPage } from '../../../components/list/RecordListPage';
import { useRecordActions } from '../../../components/list/useRecordActions';
import { toast, toastError } from '../../../lib/toast';
import { useCurrentUser } from '../../auth/sessionContext';
import { downloadContactsCsv, useContactList, useDeleteContact, useStartTicket } from '../api';
import { ContactDialog } from '../components/ContactDialog';
import { ContactsTable } from '../components/ContactsTable';
import { otherOpenTicket } from '../otherOpenTicket';
import { useContactsLive } from '../realtime';

/** /contacts: searchable, infinitely scrolled contacts with start ticket, edit, delete and CSV export. */
export function ContactsPage() {
  const { t } = useTranslation('contacts');
  const navigate = useNavigate();
  const user = useCurrentUser();
  const list = useContactList();
  const remove = useDeleteContact();
  const actions = useRecordActions<ContactView>(remove, t('toasts.deleted'));
  const startTicket = useStartTicket();
  const [exporting, setExporting] = useState(false);
  useContactsLive();

  // DELETE /contacts/:id is admin-only on the server.
  const canDelete = user.profile === 'admin';

  const onStartTicket = (contact: ContactView) =>
    startTicket.mutate(
      { contactId: contact.id, userId: user.id },
      {
        onSuccess: (ticket) => void navigate(`/tickets/${ticket.uuid}`),
        onError: (error) => {
          const holder = otherOpenTicket(error);
          if (!holder) {
            toastError(error);
            return;
          }
          if (holder.userId === user.id) {
            void navigate(`/tickets/${holder.uuid}`);
            return;
          }
          toast.error(
            t('otherOpenTicket', {
              user: holder.user?.name ?? t('noUser'),
              queue: holder.queue?.name ?? t('noQueue'),
            }),
          );
        },
      },
    );

  const onExport = () => {
    setExporting(true);
    downloadContactsCsv()
      .catch(toastError)
      .finally(() => setExporting(false));
  };

  return (
    <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column', minHeight: 0 }}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: { xs: 2, sm: 3 }, pt: { xs: 2, sm: 3 } }}>
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
          dialogs={
            <>
              <ContactDialog
                open={actions.dialogOpen}
                contact={actions.editing}
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
          <ContactsTable
            contacts={list.records}
            canDelete={canDelete}
            startingId={startTicket.isPending ? startTicket.variables.contactId : undefined}
            onStartTicket={onStartTicket}
            onEdit={actions.openEdit}
            onDelete={actions.askDelete}
          />
        </RecordListPage>
      </Box>
    </Box>
  );
}
