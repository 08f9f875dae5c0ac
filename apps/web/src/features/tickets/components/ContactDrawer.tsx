import { useState } from 'react';
import type { TicketDetailView } from '@zapdesk/contracts';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { useTranslation } from 'react-i18next';
import { ContactDialog } from '../../contacts/components/ContactDialog';
import { ScheduleContactButton } from '../../schedules/components/ScheduleContactButton';
import { TicketNotes } from '../../ticket-notes/components/TicketNotes';
import { useApplyContactToTickets } from '../realtime';

/** The contact drawer is 320 px wide (spec 1 section 2). */
export const CONTACT_DRAWER_WIDTH = 320;

interface ContactDrawerProps {
  ticket: TicketDetailView;
  open: boolean;
  onClose: () => void;
}

/** Contact header with edit (the contact form of the contacts page), ticket notes and the extra information. */
export function ContactDrawer({ ticket, open, onClose }: ContactDrawerProps) {
  const { t } = useTranslation('tickets');
  const { contact } = ticket;
  const [editing, setEditing] = useState(false);
  const applyContact = useApplyContactToTickets();
  return (
    <Drawer anchor="right" open={open} onClose={onClose}>
      <Box sx={{ width: { xs: '100vw', sm: CONTACT_DRAWER_WIDTH }, p: 2 }} data-testid="contact-drawer">
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography variant="h6">{t('contact.title')}</Typography>
          <IconButton onClick={onClose} aria-label={t('contact.close')} data-testid="contact-drawer-close">
            <Close />
          </IconButton>
        </Box>
        <Box sx={{ textAlign: 'center', my: 2 }}>
          <Avatar
            src={contact.profilePicUrl}
            alt={contact.name}
            sx={{ width: 96, height: 96, mx: 'auto', mb: 1 }}
          />
          <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }} data-testid="contact-drawer-name">
            {contact.name}
          </Typography>
          <Typography variant="body2" data-testid="contact-drawer-number">
            {contact.number}
          </Typography>
          {contact.email && (
            <Typography variant="body2" data-testid="contact-drawer-email">
              {contact.email}
            </Typography>
          )}
          <Button
            size="small"
            variant="outlined"
            startIcon={<EditOutlined />}
            onClick={() => setEditing(true)}
            sx={{ mt: 1 }}
            data-testid="contact-edit"
          >
            {t('contact.edit')}
          </Button>
          <ScheduleContactButton contact={contact} variant="button" />
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
      <ContactDialog
        open={editing}
        contact={contact}
        onSaved={applyContact}
        onClose={() => setEditing(false)}
      />
    </Drawer>
  );
}
