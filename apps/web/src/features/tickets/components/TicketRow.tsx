import type { TicketView } from '@zapdesk/contracts';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { format, isSameDay, parseISO } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { hasMediaLabel, MediaLabel } from '../../messages/components/MediaLabel';
import { WhatsAppText } from '../../../lib/whatsapp/WhatsAppText';
import { shortName } from '../format';

interface TicketRowProps {
  ticket: TicketView;
  selected: boolean;
  accepting: boolean;
  onOpen: (ticket: TicketView) => void;
  onAccept: (ticket: TicketView) => void;
  /** Admins: a read-only look at a pending ticket's messages. */
  onPeek?: (ticket: TicketView) => void;
}

function rowTime(value: string): string {
  const date = parseISO(value);
  return isSameDay(date, new Date()) ? format(date, 'HH:mm') : format(date, 'dd/MM/yyyy');
}

/** One ticket: queue colour bar, contact, last message, time, unread count; pending ones only accept. */
export function TicketRow({ ticket, selected, accepting, onOpen, onAccept, onPeek }: TicketRowProps) {
  const { t } = useTranslation('tickets');
  const narrow = useMediaQuery('(max-width:600px)');
  const pending = ticket.status === 'pending';
  const name = narrow ? shortName(ticket.contact.name) : ticket.contact.name;
  const content = (
    <>
      <Box
        sx={{ alignSelf: 'stretch', width: 6, flexShrink: 0, bgcolor: ticket.queue?.color ?? 'grey.400' }}
        title={ticket.queue?.name ?? t('list.noQueue')}
      />
      <Avatar src={ticket.contact.profilePicUrl} alt={ticket.contact.name} />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
          <Typography noWrap sx={{ flex: 1, fontWeight: 500 }} data-testid="ticket-contact">
            {name}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
            {rowTime(ticket.updatedAt)}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <Typography
            noWrap
            variant="body2"
            color="text.secondary"
            sx={{ flex: 1 }}
            data-testid="ticket-last"
          >
            {/* A voice note's file name or a map link says nothing: such messages show their kind. */}
            {hasMediaLabel(ticket.lastMediaType) ? (
              <MediaLabel mediaType={ticket.lastMediaType} />
            ) : (
              <WhatsAppText text={ticket.lastMessage} links={false} />
            )}
          </Typography>
          {ticket.unreadMessages > 0 && (
            <Badge
              color="success"
              badgeContent={ticket.unreadMessages}
              max={999}
              data-testid="ticket-unread"
              sx={{ mr: 1.5 }}
            />
          )}
          {pending && onPeek && (
            <IconButton
              size="small"
              onClick={() => onPeek(ticket)}
              aria-label={t('peek.open')}
              title={t('peek.open')}
              data-testid="ticket-peek-open"
            >
              <VisibilityOutlined fontSize="small" />
            </IconButton>
          )}
          {pending && (
            <Button
              size="small"
              variant="contained"
              loading={accepting}
              onClick={() => onAccept(ticket)}
              data-testid="ticket-accept"
            >
              {t('actions.accept')}
            </Button>
          )}
        </Box>
      </Box>
    </>
  );
  const frame = {
    'data-testid': 'ticket-row',
    'data-ticket-id': ticket.id,
    'data-status': ticket.status,
  };
  // A pending ticket is opened by accepting it, never by a click (spec 1 section 4): its row is no button, so
  // its accept and peek buttons are not nested inside another control (axe: nested-interactive).
  if (pending) {
    return (
      <Box
        {...frame}
        sx={{
          height: '100%',
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          pl: 0,
          pr: 2,
          py: 1,
          bgcolor: selected ? 'action.selected' : undefined,
        }}
      >
        {content}
      </Box>
    );
  }
  return (
    <ListItemButton
      {...frame}
      selected={selected}
      onClick={() => onOpen(ticket)}
      sx={{ height: '100%', gap: 1.5, pl: 0 }}
    >
      {content}
    </ListItemButton>
  );
}
