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
      sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 1, borderBottom: 1, borderColor: 'divider' }}
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
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography noWrap sx={{ fontWeight: 500 }} data-testid="ticket-header-name">
          {ticket.contact.name}
        </Typography>
        <Typography noWrap variant="body2" color="text.secondary">
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
      <TicketActions ticket={ticket} readOnly={readOnly} />
      <ContactDrawer ticket={ticket} open={contactOpen} onClose={() => setContactOpen(false)} />
    </Box>
  );
}
