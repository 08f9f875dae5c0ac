import type { TicketDetailView } from '@zapdesk/contracts';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import ArrowBack from '@mui/icons-material/ArrowBack';
import SmartToyOutlined from '@mui/icons-material/SmartToyOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ContactDrawer } from './ContactDrawer';
import { TicketActions } from './TicketActions';

/** Contact name and number, who holds the ticket, and its actions (none but delete while read-only). */
export function TicketHeader({ ticket, readOnly = false }: { ticket: TicketDetailView; readOnly?: boolean }) {
  const { t } = useTranslation('tickets');
  const navigate = useNavigate();
  const [contactOpen, setContactOpen] = useState(false);
  return (
    <Box
      // On a phone the actions take a row of their own, so the contact's name and number keep theirs.
      sx={{
        display: 'flex',
        flexWrap: { xs: 'wrap', md: 'nowrap' },
        alignItems: 'center',
        columnGap: 1.5,
        rowGap: 0.5,
        p: 1,
        borderBottom: 1,
        borderColor: 'divider',
      }}
      data-testid="ticket-header"
      data-status={ticket.status}
    >
      <IconButton
        onClick={() => void navigate('/tickets')}
        aria-label={t('actions.back')}
        sx={{ display: { md: 'none' } }}
      >
        <ArrowBack />
      </IconButton>
      <Avatar src={ticket.contact.profilePicUrl} alt={ticket.contact.name} />
      <Box sx={{ minWidth: { xs: 120, md: 0 }, flex: 1 }}>
        <Typography noWrap sx={{ fontWeight: 500 }} data-testid="ticket-header-name">
          {ticket.contact.name}
        </Typography>
        <Typography noWrap variant="body2" color="text.secondary" data-testid="ticket-header-number">
          {ticket.contact.number}
          {ticket.user && ` · ${t('header.assignedTo', { name: ticket.user.name })}`}
          {ticket.queue && ` · ${ticket.queue.name}`}
        </Typography>
      </Box>
      {/* A prompt or an integration answers this ticket until an agent accepts it (which turns the bot off). */}
      {ticket.useIntegration && ticket.userId === null && (
        <Chip
          size="small"
          color="secondary"
          icon={<SmartToyOutlined />}
          label={t('header.bot')}
          title={t('header.botHint')}
          data-testid="ticket-bot"
        />
      )}
      <IconButton
        onClick={() => setContactOpen(true)}
        aria-label={t('contact.title')}
        data-testid="contact-button"
      >
        <InfoOutlined />
      </IconButton>
      <Box sx={{ flex: { xs: '1 1 100%', md: '0 0 auto' }, display: 'flex', justifyContent: 'flex-end' }}>
        <TicketActions ticket={ticket} readOnly={readOnly} />
      </Box>
      <ContactDrawer ticket={ticket} open={contactOpen} onClose={() => setContactOpen(false)} />
    </Box>
  );
}
