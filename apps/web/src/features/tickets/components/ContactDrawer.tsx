import type { TicketDetailView } from '@zapdesk/contracts';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import { TicketNotes } from '../../ticket-notes/components/TicketNotes';

/** The contact drawer is 320 px wide (spec 1 section 2). */
export const CONTACT_DRAWER_WIDTH = 320;

interface ContactDrawerProps {
  ticket: TicketDetailView;
  open: boolean;
  onClose: () => void;
}

/** Contact header, ticket notes and the contact's extra information. */
export function ContactDrawer({ ticket, open, onClose }: ContactDrawerProps) {
  const { t } = useTranslation('tickets');
  const { contact } = ticket;
  return (
    <Drawer anchor="right" open={open} onClose={onClose}>
      <Box sx={{ width: { xs: '100vw', sm: CONTACT_DRAWER_WIDTH }, p: 2 }} data-testid="contact-drawer">
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography variant="h6">{t('contact.title')}</Typography>
          <IconButton onClick={onClose} aria-label={t('contact.close')}>
            <Close />
          </IconButton>
        </Box>
        <Box sx={{ textAlign: 'center', my: 2 }}>
          <Avatar
            src={contact.profilePicUrl}
            alt={contact.name}
            sx={{ width: 96, height: 96, mx: 'auto', mb: 1 }}
          />
          <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{contact.name}</Typography>
          <Typography variant="body2">{contact.number}</Typography>
          {contact.email && <Typography variant="body2">{contact.email}</Typography>}
        </Box>
        <Divider sx={{ mb: 2 }} />
        <TicketNotes ticketId={ticket.id} contactId={contact.id} />
        {contact.extraInfo.length > 0 && (
          <>
            <Divider sx={{ my: 2 }} />
            <Typography variant="subtitle2">{t('contact.extraInfo')}</Typography>
            {contact.extraInfo.map((info) => (
              <Box key={info.id} sx={{ mt: 1 }}>
                <Typography variant="caption" color="text.secondary">
                  {info.name}
                </Typography>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {info.value}
                </Typography>
              </Box>
            ))}
          </>
        )}
      </Box>
    </Drawer>
  );
}
