import { useQueryClient } from '@tanstack/react-query';
import { useCompanyEvent } from '../../lib/socket/RealtimeContext';
import { chatKeys } from './api';

/** Keeps the chat list (and so the unread badges) current from `company-{id}-chat` events. */
export function useChatListLive(): void {
  const queryClient = useQueryClient();
  useCompanyEvent('chat', () => void queryClient.invalidateQueries({ queryKey: chatKeys.all }));
}
