import { useEffect, useRef } from 'react';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import { clientEvents } from '@zapdesk/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { hasMediaLabel, MediaLabel } from '../../../features/messages/components/MediaLabel';
import { useNotificationTickets, usePendingTicketsLoaded } from '../../../features/tickets/notifications';
import { volumePreference } from '../../../lib/preferences/volume';
import { useRealtime } from '../../../lib/socket/RealtimeContext';
import { playNotificationSound } from '../../../lib/sound';
import { BellButton, EmptyBellList } from './BellButton';

/** Pending tickets (count, list, a sound at the chosen volume when one arrives). */
export function NotificationsBell() {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const tickets = useNotificationTickets();
  const loaded = usePendingTicketsLoaded();
  const realtime = useRealtime();
  const previousCount = useRef(tickets.length);
  const wasLoaded = useRef(loaded);

  useEffect(() => realtime?.join(clientEvents.joinNotification), [realtime]);

  useEffect(() => {
    // Only a rise after the list first loaded is a new ticket; the first load is what was already waiting.
    if (wasLoaded.current && tickets.length > previousCount.current)
      playNotificationSound(volumePreference.get());
    previousCount.current = tickets.length;
    wasLoaded.current = loaded;
  }, [tickets.length, loaded]);

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
                  void navigate(`/tickets/${ticket.uuid}`);
                }}
              >
                <ListItemText
                  primary={t('notifications.newTicket', { name: ticket.contactName })}
                  secondary={
                    hasMediaLabel(ticket.lastMediaType) ? (
                      <MediaLabel mediaType={ticket.lastMediaType} />
                    ) : (
                      ticket.lastMessage
                    )
                  }
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
