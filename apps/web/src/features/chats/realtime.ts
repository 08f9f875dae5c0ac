import { useQueryClient } from '@tanstack/react-query';
import { chatEvents, type ChatListEvent, type ChatRoomEvent } from '@zapdesk/contracts';
import { useCompanyEvent } from '../../lib/socket/RealtimeContext';
import { appendChatMessage, applyChat, removeChat } from './api';

const isObject = (payload: unknown): payload is Record<string, unknown> =>
  typeof payload === 'object' && payload !== null;

function isListEvent(payload: unknown): payload is ChatListEvent {
  if (!isObject(payload)) return false;
  if (payload.action === 'delete') return typeof payload.id === 'number';
  return (payload.action === 'update' || payload.action === 'new-message') && isObject(payload.chat);
}

function isRoomEvent(payload: unknown): payload is ChatRoomEvent {
  return (
    isObject(payload) &&
    (payload.action === 'update' || payload.action === 'new-message') &&
    isObject(payload.chat)
  );
}

/**
 * Keeps the chat lists (and so the unread badges) current from `company-{id}-chat`, which the server sends to
 * the members' own rooms only.
 */
export function useChatListLive(): void {
  const queryClient = useQueryClient();
  useCompanyEvent(chatEvents.list, (payload) => {
    if (!isListEvent(payload)) return;
    if (payload.action === 'delete') removeChat(queryClient, payload.id);
    else applyChat(queryClient, payload.chat);
  });
}

/** Adds the open chat's new messages from `company-{id}-chat-{chatId}` to its history. */
export function useChatRoomLive(chatId: number): void {
  const queryClient = useQueryClient();
  useCompanyEvent(chatEvents.ofChat(chatId), (payload) => {
    if (!isRoomEvent(payload) || payload.action !== 'new-message') return;
    appendChatMessage(queryClient, payload.newMessage);
  });
}
