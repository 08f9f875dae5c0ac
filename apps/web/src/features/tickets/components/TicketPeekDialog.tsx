import type { TicketView } from '@zapdesk/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { MessageList } from '../../messages/components/MessageList';

/**
 * The admin's read-only look at a ticket's messages from the list (spec 1 section 2), for tickets a click does
 * not open: pending ones. No reply, no delete, nothing is marked read.
 */
export function TicketPeekDialog({ ticket, onClose }: { ticket: TicketView; onClose: () => void }) {
  const { t } = useTranslation('tickets');
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" data-testid="ticket-peek-dialog">
      <DialogTitle sx={{ overflowWrap: 'anywhere' }}>
        {t('peek.title', { name: ticket.contact.name })}
      </DialogTitle>
      <Box sx={{ display: 'flex', flexDirection: 'column', height: '60vh', minHeight: 0 }}>
        <MessageList ticketId={ticket.id} />
      </Box>
      <DialogActions>
        <Button variant="contained" onClick={onClose} data-testid="peek-dialog-close">
          {t('peek.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
