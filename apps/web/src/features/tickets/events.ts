import type { MessageView, TicketView } from '@zapdesk/contracts';

export type TicketEvent =
  | { action: 'update'; ticket: TicketView }
  | { action: 'delete'; ticketId: number }
  | { action: 'updateUnread'; ticketId: number };

export type AppMessageEvent =
  { action: 'create'; message: MessageView; ticket: TicketView } | { action: 'update'; message: MessageView };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

export function isTicketEvent(payload: unknown): payload is TicketEvent {
  if (!isObject(payload)) return false;
  if (payload.action === 'update') return isObject(payload.ticket);
  return (
    (payload.action === 'delete' || payload.action === 'updateUnread') && typeof payload.ticketId === 'number'
  );
}

export function isAppMessageEvent(payload: unknown): payload is AppMessageEvent {
  if (!isObject(payload) || !isObject(payload.message)) return false;
  if (payload.action === 'create') return isObject(payload.ticket);
  return payload.action === 'update';
}
