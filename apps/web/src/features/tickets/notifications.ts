/** A pending ticket as the notifications bell lists it. */
export interface NotificationTicket {
  id: number;
  uuid: string;
  contactName: string;
  lastMessage: string;
  updatedAt: string;
}

const NONE: NotificationTicket[] = [];

/**
 * The pending tickets of the notifications bell. The tickets feature (a later issue) fills it from
 * GET /tickets and the notification room; the shell already shows, counts and sounds whatever it returns.
 */
export function useNotificationTickets(): NotificationTicket[] {
  return NONE;
}
