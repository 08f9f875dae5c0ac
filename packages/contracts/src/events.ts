/** Socket event names (spec 1 section 7, server-behaviour section 4). */
export const companyEvent = (companyId: number, name: string): string => `company-${companyId}-${name}`;

export const rooms = {
  companyMain: (companyId: number) => `company-${companyId}-mainchannel`,
  user: (userId: number) => `user-${userId}`,
  companyStatus: (companyId: number, status: string) => `company-${companyId}-${status}`,
  companyNotification: (companyId: number) => `company-${companyId}-notification`,
  queueStatus: (queueId: number, status: string) => `queue-${queueId}-${status}`,
  queueNotification: (queueId: number) => `queue-${queueId}-notification`,
  queueNullStatus: (companyId: number, status: string) => `company-${companyId}-queue-null-${status}`,
  queueNullNotification: (companyId: number) => `company-${companyId}-queue-null-notification`,
  ticket: (ticketId: number) => String(ticketId),
} as const;

/** Events a client emits to the server. */
export const clientEvents = {
  joinChatBox: 'joinChatBox',
  leaveChatBox: 'leaveChatBox',
  joinNotification: 'joinNotification',
  leaveNotification: 'leaveNotification',
  joinTickets: 'joinTickets',
  leaveTickets: 'leaveTickets',
  userStatus: 'userStatus',
} as const;

export const ANNOUNCEMENT_EVENT = 'company-announcement';
export const READY_EVENT = 'ready';
/** Milliseconds between `userStatus` pings from the web app. */
export const USER_STATUS_INTERVAL_MS = 300_000;
export const SOCKET_PING_MS = 18_000;
