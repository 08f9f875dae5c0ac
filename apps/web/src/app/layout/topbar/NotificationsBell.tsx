import { useEffect, useRef } from 'react';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import { clientEvents } from '@zapdesk/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useNotificationTickets } from '../../../features/tickets/notifications';
import { volumePreference } from '../../../lib/preferences/volume';
import { useRealtime } from '../../../lib/socket/RealtimeContext';
import { playNotificationSound } from '../../../lib/sound';
import { BellButton, EmptyBellList } from './BellButton';

/** Pending tickets (count, list, a sound at the chosen volume when one arrives). */
export function NotificationsBell() {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const tickets = useNotificationTickets();
  const realtime = useRealtime();
  const previousCount = useRef(tickets.length);

  useEffect(() => realtime?.join(clientEvents.joinNotification), [realtime]);

  useEffect(() => {
    if (tickets.length > previousCount.current) playNotificationSound(volumePreference.get());
    previousCount.current = tickets.length;
  }, [tickets.length]);

  return (
    <BellButton
      testId="notifications-button"
      label={t('notifications.title')}
      icon={<NotificationsOutlined />}
      count={tickets.length}
    >
      {(close) =>
        tickets.length === 0 ? (
          <EmptyBellList text={t('notifications.empty')} />
        ) : (
          <List dense>
            {tickets.map((ticket) => (
              <ListItemButton
                key={ticket.id}
                onClick={() => {
                  close();
                  navigate(`/tickets/${ticket.uuid}`);
                }}
              >
                <ListItemText
                  primary={t('notifications.newTicket', { name: ticket.contactName })}
                  secondary={ticket.lastMessage}
                  slotProps={{ secondary: { noWrap: true } }}
                />
              </ListItemButton>
            ))}
          </List>
        )
      }
    </BellButton>
  );
}
