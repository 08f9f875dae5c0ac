import { useState } from 'react';
import type { ContactView } from '@zapdesk/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../auth/sessionContext';
import { useConnectionList } from '../../connections/api';
import { useStartTicket } from '../../contacts/api';
import { ContactDialog } from '../../contacts/components/ContactDialog';
import { otherOpenTicket } from '../../contacts/otherOpenTicket';
import { useOtherOpenTicketError } from '../../contacts/useOtherOpenTicketError';
import { useQueueList } from '../../queues/api';
import { ContactPicker } from './ContactPicker';
import { useCan } from '../../auth/can';

interface NewTicketDialogProps {
  open: boolean;
  onClose: () => void;
  /** The contact already chosen (the contacts page's start-ticket action); still changeable. */
  initialContact?: ContactView | null;
}

/**
 * Opens a ticket for a contact (spec 1 sections 2 and 5): contact search or a new contact, a queue (required
 * unless admin; non-admins pick from their own queues) and a connection (empty = the server's default).
 */
export function NewTicketDialog({ open, onClose, initialContact = null }: NewTicketDialogProps) {
  const { t } = useTranslation('tickets');
  const navigate = useNavigate();
  const me = useCurrentUser();
  const allQueuesOffered = useCan('tickets.seeAll');
  const allQueues = useQueueList();
  const connections = useConnectionList(open);
  const start = useStartTicket();
  const onStartError = useOtherOpenTicketError();
  const [contact, setContact] = useState<ContactView | null>(initialContact);
  const [newContactName, setNewContactName] = useState<string | null>(null);
  const [queueId, setQueueId] = useState<number | ''>('');
  const [whatsappId, setWhatsappId] = useState<number | ''>('');
  const [submitted, setSubmitted] = useState(false);

  const queues = allQueuesOffered ? (allQueues.data ?? []) : me.queues;
  const contactError = submitted && !contact ? t('newTicket.selectContact') : undefined;
  const queueError =
    submitted && !allQueuesOffered && queueId === '' ? t('newTicket.selectQueue') : undefined;

  const submit = () => {
    setSubmitted(true);
    if (!contact || (!allQueuesOffered && queueId === '')) return;
    start.mutate(
      {
        contactId: contact.id,
        queueId: queueId === '' ? null : queueId,
        whatsappId: whatsappId === '' ? null : whatsappId,
        userId: me.id,
      },
      {
        onSuccess: (ticket) => {
          onClose();
          void navigate(`/tickets/${ticket.uuid}`);
        },
        onError: (error) => {
          onStartError(error);
          // The contact is taken: nothing left to choose here. Other refusals leave the choices to change.
          if (otherOpenTicket(error)) onClose();
        },
      },
    );
  };

  return (
    <>
      <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth data-testid="new-ticket-dialog">
        <DialogTitle>{t('newTicket.title')}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
          <ContactPicker
            value={contact}
            onChange={setContact}
            onAddNew={setNewContactName}
            error={contactError}
          />
          <TextField
            select
            name="queueId"
            label={t('newTicket.queue')}
            required={!allQueuesOffered}
            value={queueId}
            error={Boolean(queueError)}
            helperText={queueError}
            onChange={(event) => setQueueId(event.target.value === '' ? '' : Number(event.target.value))}
          >
            {allQueuesOffered && <MenuItem value="">{t('newTicket.noQueue')}</MenuItem>}
            {queues.map((queue) => (
              <MenuItem key={queue.id} value={queue.id}>
                {queue.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            name="whatsappId"
            label={t('newTicket.connection')}
            value={whatsappId}
            onChange={(event) => setWhatsappId(event.target.value === '' ? '' : Number(event.target.value))}
          >
            <MenuItem value="">{t('newTicket.defaultConnection')}</MenuItem>
            {(connections.data ?? []).map((connection) => (
              <MenuItem key={connection.id} value={connection.id}>
                {connection.name}
              </MenuItem>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('newTicket.cancel')}</Button>
          <Button
            variant="contained"
            loading={start.isPending}
            onClick={submit}
            data-testid="new-ticket-save"
          >
            {t('newTicket.save')}
          </Button>
        </DialogActions>
      </Dialog>
      <ContactDialog
        open={newContactName !== null}
        contact={undefined}
        initialName={newContactName ?? ''}
        onSaved={setContact}
        onClose={() => setNewContactName(null)}
      />
    </>
  );
}
