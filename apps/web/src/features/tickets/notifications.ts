import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatch } from 'react-router';
import { volumePreference } from '../../lib/preferences/volume';
import { useCompanyEvent } from '../../lib/socket/RealtimeContext';
import { playNotificationSound } from '../../lib/sound';
import { useTicketList } from './api';
import { flattenTickets, type TicketListFilter } from './cache';
import { isAppMessageEvent } from './events';
import { useTicketListsLive } from './realtime';

/** A pending ticket as the notifications bell lists it. */
export interface NotificationTicket {
  id: number;
  uuid: string;
  contactName: string;
  lastMessage: string;
  /** Set when the last message has no words of its own: the bell names its kind (see TicketView). */
  lastMediaType: string | null;
  updatedAt: string;
}

const PENDING: TicketListFilter = { status: 'pending' };

function showBrowserNotification(title: string, body: string, onClick: () => void): void {
  if (typeof Notification !== 'function' || Notification.permission !== 'granted') return;
  const notification = new Notification(title, { body, tag: title });
  notification.onclick = () => {
    window.focus();
    onClick();
    notification.close();
  };
}

/**
 * The pending tickets of the notifications bell (the shell counts them and chimes when the count grows).
 * New customer messages in tickets already being worked on chime too; while the tab is hidden each one
 * also raises a browser notification. The bell is always mounted, so the ticket lists' live patching is too.
 */
/** Whether the pending list has loaded once: its first load is not news and must not chime. */
export function usePendingTicketsLoaded(): boolean {
  return useTicketList(PENDING).isSuccess;
}

export function useNotificationTickets(): NotificationTicket[] {
  const { t } = useTranslation('tickets');
  const { data } = useTicketList(PENDING);
  const current = useMatch('/tickets/:ticketId')?.params.ticketId;
  useTicketListsLive();

  useEffect(() => {
    if (typeof Notification === 'function' && Notification.permission === 'default') {
      void Notification.requestPermission().catch(() => undefined);
    }
  }, []);

  useCompanyEvent('appMessage', (payload) => {
    if (!isAppMessageEvent(payload) || payload.action !== 'create') return;
    const { message, ticket } = payload;
    if (message.fromMe) return;
    const watching = current === ticket.uuid && !document.hidden;
    // A new pending ticket already chimes through the bell's count.
    if (!watching && ticket.status !== 'pending') playNotificationSound(volumePreference.get());
    if (document.hidden) {
      showBrowserNotification(
        t('notifications.messageFrom', { name: ticket.contact.name }),
        message.body,
        () => window.location.assign(`/tickets/${ticket.uuid}`),
      );
    }
  });

  return useMemo(
    () =>
      flattenTickets(data)
        .filter((ticket) => ticket.status === 'pending')
        .map((ticket) => ({
          id: ticket.id,
          uuid: ticket.uuid,
          contactName: ticket.contact.name,
          lastMessage: ticket.lastMessage,
          lastMediaType: ticket.lastMediaType,
          updatedAt: ticket.updatedAt,
        })),
    [data],
  );
}
